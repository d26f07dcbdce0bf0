"""The notebooks (jupytext percent files) and their widgets."""

from dominion_tavern import __version__


async def ready() -> None:
    """The notebooks' first cell ends here, after installing the kit: in the browser site it
    also loads Graphviz's WebAssembly build, so that diagrams draw as pictures there too."""
    from dominion_tavern.diagrams.render import load_wasm_graphviz

    await load_wasm_graphviz()
    print(f"ready (Tavern {__version__})")

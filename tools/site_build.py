"""Build ``site/``: Tavern's notebooks as a static JupyterLite site that needs nothing but a web
server (``make site``).

Everything the page loads is served from the site itself:

* JupyterLite and its Pyodide kernel from PyPI (``jupyterlite-core``, the kernel extension);
* the Pyodide runtime from npm's ``pyodide`` package (the core only: the interpreter and the
  standard library, ``sqlite3`` with FTS5 included), at the version the kernel pins;
* Graphviz as WebAssembly from npm's ``@viz-js/viz`` (``diagrams/render.py`` uses it when there
  is no ``dot``);
* every Python package the kernel and the kit import, as pure-Python wheels from PyPI (PyYAML as
  a wheel of its pure-Python half, built from its source), listed in a rewritten
  ``pyodide-lock.json`` whose names, dependencies and checksums are those of the served files;
* the kit's own wheel, built from this checkout;
* bytecode for the standard library and every wheel, compiled at build time by the runtime
  itself under Node (``tools/site_bytecode.py``): WebAssembly compiles source slowly, and
  without it the kernel spent most of its start-up compiling.

The build needs only PyPI and npm (``npm pack``; Node runs the compiler); downloads are kept in
``build/site-work/`` and the site is rebuilt only when an input changed (:func:`inputs_digest`).
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "site-work"
SITE = ROOT / "site"
PYODIDE = "314.0.6"      # must be the version jupyterlite-pyodide-kernel pins (checked below)
VIZ = "3.31.0"           # @viz-js/viz: Graphviz compiled to WebAssembly
#: What Pyodide reports to environment markers (Requires-Dist lines are evaluated with it).
PYODIDE_ENV = {"python_version": "3.14", "python_full_version": "3.14.2", "os_name": "posix",
               "sys_platform": "emscripten", "platform_system": "Emscripten",
               "platform_machine": "wasm32", "implementation_name": "cpython",
               "platform_python_implementation": "CPython", "platform_release": "",
               "platform_version": "", "implementation_version": "3.14.2"}
#: What the kernel installs at start (its worker: micropip and piplite, then ipykernel, comm,
#: pyodide-kernel, jedi, ipython): loaded by Pyodide in one batch, in parallel, as it starts.
KERNEL = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
#: Loaded in the same batch: the kit and its dependencies (every notebook's first cell installs
#: it; ``%pip`` then finds it installed, as in JupyterLab after ``make notebooks``, rather than
#: resolving it and loading a second batch of wheels one step after the other).
PRELOAD = [*KERNEL, "dominion-tavern"]
#: What the site serves: the kernel's packages and the kit with its ``widgets`` extra; and the
#: versions of packages Pyodide's own lock does not hold or holds in a form that cannot be
#: served (a compiled wheel, or a release needing one).
ROOTS = [*KERNEL, "dominion-tavern[widgets]"]
PINS = {"comm": "0.2.3", "ruamel-yaml": "0.19.1", "graphviz": "0.21", "ipywidgets": "8.1.8",
        "jupyterlab-widgets": "3.0.16", "jsonschema": "4.17.3", "pyrsistent": "0.20.0",
        "attrs": "25.4.0", "ipython-pygments-lexers": "1.1.1"}
#: The kernel extension's own wheels (its ``static/pypi``): piplite, the kernel, and stand-ins.
KERNEL_WHEELS = {"ipykernel": "6.9.2", "piplite": "0.8.6", "pyodide-kernel": "0.8.6",
                 "widgetsnbextension": "4.0.999"}
#: Built from source here: PyPI has no wheel of it that Pyodide can load.
FROM_SOURCE = {"pyyaml"}
#: The notebooks the site opens, as jupytext sources.
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.py"))
#: The JupyterLab extensions the site keeps: the kernel's and the widgets'.
EXTENSIONS = {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager"}
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: Files whose change makes the site out of date (with the pins above, through this file).
INPUT_GLOBS = ["pyproject.toml", "tools/site_build.py", "tools/site_config/*",
               "tools/site-requirements.txt", "tools/site_bytecode.*",
               "dominion_tavern/**/*", "rulebook/**/*", "checker/**/*", "diagrams/**/*",
               "notebooks/**/*"]


def run(*cmd: str | Path, cwd: Path | None = None) -> None:
    """Run ``cmd``; its output is shown only when it fails."""
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"{proc.stdout}{proc.stderr}\nsite: failed ({proc.returncode}): "
                 + " ".join(map(str, cmd)))


def inputs_digest() -> str:
    """A digest of every input file's path and bytes (and the Python running the build)."""
    h = hashlib.sha256(sys.version.encode())
    for pattern in INPUT_GLOBS:
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


# -- downloads ---------------------------------------------------------------------------------
def npm_package(name: str, version: str) -> Path:
    """``npm pack`` the package into the work folder (once) and unpack it; its folder."""
    folder = WORK / "npm" / f"{name.replace('/', '-').lstrip('@')}-{version}"
    if not (folder / "package" / "package.json").exists():
        folder.mkdir(parents=True, exist_ok=True)
        out = subprocess.run(["npm", "pack", f"{name}@{version}", "--silent"], cwd=folder,
                             check=True, capture_output=True, text=True).stdout.split()[-1]
        with tarfile.open(folder / out) as tar:
            tar.extractall(folder, filter="data")
    return folder / "package"


def pure_wheels(specs: list[str], dest: Path) -> None:
    """Download the pure-Python wheels ``specs`` (``name==version``) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version",
        "3.14", "--dest", dest, *specs)


def pure_wheel_from_source(name: str, version: str, dest: Path) -> Path:
    """A ``py3-none-any`` wheel of the pure-Python modules in ``name``'s source release (PyYAML
    runs without its optional C extension: ``yaml.CSafeLoader`` is simply absent)."""
    out = dest / f"{canonicalize_name(name)}-{version}-py3-none-any.whl"
    if out.exists():
        return out
    src = WORK / "sdist"
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", f"--no-binary={name}",
        "--dest", src, f"{name}=={version}")
    archive = next(src.glob(f"{name.lower()}-{version}.tar.gz"))
    files: dict[str, bytes] = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if member.isfile() and parts[1:2] == ["lib"] and member.name.endswith(".py"):
                files["/".join(parts[2:])] = tar.extractfile(member).read()
    info = f"{canonicalize_name(name).replace('-', '_')}-{version}.dist-info"
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {name}\n"
                                 f"Version: {version}\n").encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: tavern-site\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([path, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    files[f"{info}/RECORD"] = record.getvalue().encode()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files.items():  # fixed dates: the same bytes on every build
            z.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), data)
    return out


def kit_wheel(dest: Path) -> Path:
    for old in dest.glob("dominion_tavern-*.whl"):
        old.unlink()
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
        "--wheel-dir", dest, ROOT)
    return next(dest.glob("dominion_tavern-*.whl"))


# -- the lock file -----------------------------------------------------------------------------
def wheel_metadata(wheel: Path) -> tuple[str, str, list[Requirement], list[str]]:
    """Name, version, requirements and top-level import names of ``wheel``."""
    with zipfile.ZipFile(wheel) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()
                       if not n.split("/")[0].endswith((".dist-info", ".data"))
                       and (n.endswith(".py") or "/" in n)})
    reqs = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    return meta["Name"], meta["Version"], reqs, tops


def wanted(req: Requirement, extras: set[str]) -> bool:
    if req.marker is None:
        return True
    return any(req.marker.evaluate({**PYODIDE_ENV, "extra": e}) for e in extras | {""})


def resolve(pyodide_lock: dict, kit: Path, wheels: Path) -> dict[str, Path]:
    """Every package the roots need in Pyodide, fetched into ``wheels``: name -> wheel."""
    upstream = pyodide_lock["packages"]
    got: dict[str, Path] = {"dominion-tavern": kit}
    todo = [Requirement(r) for r in ROOTS]
    seen: set[tuple[str, ...]] = set()
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if (name, *sorted(req.extras)) in seen:
            continue
        seen.add((name, *sorted(req.extras)))
        if name not in got:
            version = (PINS.get(name) or KERNEL_WHEELS.get(name)
                       or upstream.get(name, {}).get("version"))
            if version is None:
                sys.exit(f"site: no version known for {name} (needed by the kernel or the kit);"
                         " add it to PINS in tools/site_build.py")
            if name in KERNEL_WHEELS:
                got[name] = _find_wheel(kernel_extension() / "static" / "pypi", name,
                                        KERNEL_WHEELS[name])
            elif name in FROM_SOURCE:
                got[name] = pure_wheel_from_source(req.name, version, wheels)
            else:
                pure_wheels([f"{name}=={version}"], wheels)
                got[name] = _find_wheel(wheels, name, version)
        _, version, reqs, _ = wheel_metadata(got[name])
        if not req.specifier.contains(version, prereleases=True):
            sys.exit(f"site: {name} {version} does not satisfy {req}")
        todo += [r for r in reqs if wanted(r, set(req.extras))]
    return got


def _find_wheel(folder: Path, name: str, version: str) -> Path:
    for w in folder.glob("*.whl"):
        wname, wversion = w.name.split("-")[:2]
        if canonicalize_name(wname) == name and wversion == version:
            return w
    sys.exit(f"site: pip did not download a pure-Python wheel of {name} {version}")


def write_lock(upstream: dict, got: dict[str, Path], folder: Path) -> None:
    """The lock Pyodide reads: only the served wheels, each with its own checksum and the
    dependencies its metadata names (evaluated for Pyodide)."""
    packages = {}
    for name, wheel in sorted(got.items()):
        shutil.copy2(wheel, folder / wheel.name)
        _, version, reqs, imports = wheel_metadata(wheel)
        extras = {"widgets"} if name == "dominion-tavern" else set()
        depends = sorted({canonicalize_name(r.name) for r in reqs if wanted(r, extras)})
        missing = [d for d in depends if d not in got]
        if missing:
            sys.exit(f"site: {name} needs {', '.join(missing)}, which the site does not serve")
        packages[name] = {
            "name": name, "version": version, "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False}
    lock = {"info": upstream["info"], "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


# -- bytecode ----------------------------------------------------------------------------------
#: Where Pyodide puts the standard library's zip and the wheels' files (the code's file names).
STDLIB_AT = "/lib/python314.zip/"
SITE_PACKAGES = "/lib/python3.14/site-packages/"
BYTECODE_TAG = "cp" + PYODIDE_ENV["python_version"].replace(".", "")


def with_bytecode(runtime: Path, got: dict[str, Path]) -> tuple[Path, dict[str, Path]]:
    """The runtime's standard library and the wheels ``got``, with bytecode (see
    ``tools/site_bytecode.py``): the kit keeps its sources, the rest is sourceless. Each file
    is compiled once (kept in the work folder under a digest of it, the compiler and how)."""
    out = WORK / "bytecode"
    compiler = (ROOT / "tools" / "site_bytecode.py").read_bytes()
    jobs: list[dict[str, object]] = []

    def compiled(src: Path, name: str, prefix: str, sourceless: bool) -> Path:
        key = hashlib.sha256(compiler + f"{prefix}\0{sourceless}\0".encode() + src.read_bytes())
        dst = out / key.hexdigest()[:20] / name
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            jobs.append({"src": f"/host{src.resolve()}", "dst": f"/host{dst}",
                         "prefix": prefix, "sourceless": sourceless})
        return dst

    stdlib = compiled(runtime / "python_stdlib.zip", "python_stdlib.zip", STDLIB_AT, True)
    wheels = {}
    for name, wheel in got.items():
        parts = wheel.stem.split("-")
        tagged = "-".join([*parts[:-3], BYTECODE_TAG, "none", "any"]) + ".whl"
        wheels[name] = compiled(wheel, tagged, SITE_PACKAGES, name != "dominion-tavern")
    if jobs:
        jobs_file = out / "jobs.json"
        jobs_file.write_text(json.dumps(jobs))
        run("node", ROOT / "tools" / "site_bytecode.mjs", runtime, jobs_file)
        for job in jobs:  # Node writes them world-writable
            Path(str(job["dst"]).removeprefix("/host")).chmod(0o644)
    return stdlib, wheels


# -- the site ----------------------------------------------------------------------------------
def kernel_extension() -> Path:
    """The Pyodide kernel's JupyterLab extension, as installed beside this Python."""
    import jupyterlite_pyodide_kernel  # noqa: F401  (fails clearly when it is not installed)

    return Path(sys.prefix, "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension")


def kernel_pin() -> str:
    """The Pyodide version the installed kernel extension loads by default."""
    schema = kernel_extension() / "static" / "schema" / "kernel.v0.schema.json"
    url = json.loads(schema.read_text())["properties"]["pyodideUrl"]["default"]
    return re.search(r"/v([^/]+)/", url)[1]


def contents(folder: Path) -> None:
    import jupytext

    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for source in NOTEBOOKS:
        nb = jupytext.read(source)
        nb.metadata["kernelspec"] = KERNELSPEC  # the site's one kernel, asked for by name
        jupytext.write(nb, folder / f"{source.stem}.ipynb")


def configure(site: Path) -> None:
    """The site's settings: Pyodide from the site, no PyPI, only the extensions it uses."""
    config_file = site / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    data = config["jupyter-config-data"]
    data["appName"] = "Tavern"
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    kernel.update(pyodideUrl="./pyodide/pyodide.mjs", disablePyPIFallback=True,
                  loadPyodideOptions={"packages": PRELOAD})
    kept = []
    for ext in data["federated_extensions"]:
        if ext["name"] in EXTENSIONS:
            kept.append(ext)
        else:  # a server-side helper (Voila's preview, jupytext's menus): no use here
            folder = site / "extensions" / ext["name"]
            shutil.rmtree(folder)
            if folder.parent != site / "extensions" and not any(folder.parent.iterdir()):
                folder.parent.rmdir()
    data["federated_extensions"] = kept
    missing = EXTENSIONS - {ext["name"] for ext in kept}
    if missing:
        sys.exit(f"site: the build found no {', '.join(sorted(missing))} extension: see "
                 "tools/site-requirements.txt")
    config_file.write_text(json.dumps(config, indent=2))


def build(force: bool = False) -> None:
    digest = inputs_digest()
    stamp = SITE / ".tavern-inputs"
    if not force and stamp.exists() and stamp.read_text() == digest:
        print(f"site: up to date ({SITE.relative_to(ROOT)}/)")
        return
    if kernel_pin() != PYODIDE:
        sys.exit(f"site: the kernel loads Pyodide {kernel_pin()}, but PYODIDE is {PYODIDE}: "
                 "change PYODIDE in tools/site_build.py to match")
    if shutil.which("npm") is None or shutil.which("node") is None:
        sys.exit("site: npm or node is missing (Node's package manager fetches the Pyodide "
                 "runtime and Graphviz's WebAssembly build, and Node runs the runtime to "
                 "compile the site's bytecode): install Node.js, then try again")
    wheels = WORK / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    pyodide = npm_package("pyodide", PYODIDE)
    viz = npm_package("@viz-js/viz", VIZ)
    upstream = json.loads((pyodide / "pyodide-lock.json").read_text())
    got = resolve(upstream, kit_wheel(WORK / "kit"), wheels)
    stdlib, got = with_bytecode(pyodide, got)

    lite = WORK / "lite"
    contents(lite / "files")
    shutil.rmtree(SITE, ignore_errors=True)
    run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", ROOT / "tools/site_config",
        "--contents", lite / "files", "--output-dir", SITE, "--no-sourcemaps",
        "--apps", "lab", "--apps", "notebooks", "--no-unused-shared-packages", cwd=WORK)
    configure(SITE)
    runtime = SITE / "pyodide"
    runtime.mkdir()
    for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        shutil.copy2(pyodide / f, runtime / f)
    shutil.copy2(stdlib, runtime / "python_stdlib.zip")
    shutil.copy2(viz / "dist" / "viz.js", runtime / "viz.js")
    write_lock(upstream, got, runtime)
    (SITE / ".nojekyll").touch()   # GitHub Pages: serve every file as it is
    stamp.write_text(digest)
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    print(f"site: built {SITE.relative_to(ROOT)}/ ({size / 1e6:.0f} MB); serve it over HTTP, "
          f"e.g. python -m http.server -d site")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    build(parser.parse_args().force)


if __name__ == "__main__":
    main()

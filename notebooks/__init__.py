"""The notebooks (jupytext percent files) and their widgets."""

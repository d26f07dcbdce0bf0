"""Bytecode for the static site, compiled by the site's own Python: this file runs inside the
Pyodide runtime under Node (``tools/site_bytecode.mjs``), so the ``.pyc`` files match the
interpreter that loads them, whatever Python runs the build.

Pyodide otherwise compiles every module from source at each start-up (the standard library is
in a zip, which cannot cache bytecode, and the wheels are unpacked fresh), which in WebAssembly
took most of the kernel's start. Each archive is rewritten with unchecked-hash ``.pyc`` files
(valid without their source's timestamps, which unpacking changes):

* ``sourceless``: each module's ``.pyc`` replaces its ``.py``, and a package's ``tests``
  folders are left out (the standard library and the packages from PyPI, as Pyodide's own
  distribution ships them);
* otherwise the ``.py`` stays and its ``.pyc`` goes into ``__pycache__`` (the kit: tracebacks
  show its lines, and ``inspect`` reads its source).

A file that does not compile (a notebook with top-level ``await``) stays as it is.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import json
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # the format importlib reads

TAG = sys.implementation.cache_tag


def pyc_name(name: str, sourceless: bool) -> str:
    """Where the bytecode of ``name`` (``pkg/mod.py``) goes in the archive."""
    if sourceless:
        return name + "c"
    folder, _, file = name.rpartition("/")
    return f"{folder}/__pycache__/{file[:-3]}.{TAG}.pyc".lstrip("/")


def record(files: dict[str, bytes], record_name: str) -> bytes:
    """A wheel's RECORD for ``files`` (itself listed without a hash)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(data)])
    writer.writerow([record_name, "", ""])
    return out.getvalue().encode()


def compile_archive(src: str, dst: str, prefix: str, sourceless: bool) -> None:
    """Write ``src`` (a zip or a wheel) to ``dst`` with bytecode; ``prefix`` is where Pyodide
    puts its files (the code's file names, shown in tracebacks)."""
    files: dict[str, bytes] = {}
    dates: dict[str, tuple[int, ...]] = {}
    with zipfile.ZipFile(src) as z:
        for info in z.infolist():
            if info.is_dir():
                continue
            name = info.filename
            if sourceless and "tests" in name.split("/")[1:-1]:
                continue
            data = z.read(info)
            dates[name] = info.date_time
            if name.endswith(".py"):
                try:
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    code = None
                if code is not None:
                    pyc = pyc_name(name, sourceless)
                    files[pyc] = _code_to_hash_pyc(code, importlib.util.source_hash(data),
                                                   checked=False)
                    dates[pyc] = info.date_time
                    if sourceless:
                        continue
            files[name] = data
    is_wheel = dst.endswith(".whl")
    if is_wheel:
        info_dir = next(n.split("/")[0] for n in files if n.split("/")[0].endswith(".dist-info"))
        wheel_name = f"{info_dir}/WHEEL"
        tag = f"{TAG.replace('cpython-', 'cp')}-none-any"  # the bytecode is this Python's
        files[wheel_name] = b"".join(
            f"Tag: {tag}\n".encode() if line.startswith(b"Tag:") else line
            for line in files[wheel_name].splitlines(keepends=True))
        files.pop(f"{info_dir}/RECORD", None)
        files[f"{info_dir}/RECORD"] = record(files, f"{info_dir}/RECORD")
        dates[f"{info_dir}/RECORD"] = (1980, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(dst + ".part", "w") as z:  # renamed when whole
        for name, data in files.items():
            z.writestr(zipfile.ZipInfo(name, dates[name]), data, zipfile.ZIP_DEFLATED)
    os.replace(dst + ".part", dst)


def main(jobs: str) -> None:
    """Run the jobs (JSON: a list of :func:`compile_archive`'s arguments)."""
    for job in json.loads(jobs):
        compile_archive(**job)

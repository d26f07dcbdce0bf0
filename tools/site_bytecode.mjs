// Runs tools/site_bytecode.py inside the Pyodide runtime (the site's own Python), with the
// host's files under /host: node tools/site_bytecode.mjs RUNTIME_FOLDER JOBS_JSON_FILE
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, jobs] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: runtime + path.sep });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.runPython(fs.readFileSync(new URL("site_bytecode.py", import.meta.url), "utf8"));
py.globals.get("main")(fs.readFileSync(jobs, "utf8"));

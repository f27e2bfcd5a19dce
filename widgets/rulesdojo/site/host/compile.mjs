// Compiles the Python in zip files (wheels, the standard library) ahead, with the site's own Pyodide
// in Node: each module's .py becomes a .pyc in its place, so that the browser runs it without
// compiling it at every start (most of a start's Python time). A file that doesn't compile is kept
// as it is. `node compile.mjs PYODIDE_FOLDER IN OUT [IN OUT ...]`
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [, , runtime, ...pairs] = process.argv;
const { loadPyodide } = await import(pathToFileURL(resolve(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(runtime) + "/" });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.runPython(`
import importlib._bootstrap_external as bootstrap
import zipfile

def compiled(source, out):
    with zipfile.ZipFile(source) as given, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as made:
        for info in given.infolist():
            body = given.read(info)
            if info.filename.endswith(".py"):
                try:
                    code = compile(body, info.filename, "exec", dont_inherit=True)
                except (SyntaxError, ValueError):
                    pass
                else:
                    info.filename, body = info.filename[:-3] + ".pyc", bytes(bootstrap._code_to_timestamp_pyc(code))
            made.writestr(info, body, compress_type=zipfile.ZIP_DEFLATED if body else zipfile.ZIP_STORED)
`);
const compiled = py.globals.get("compiled");
for (let i = 0; i < pairs.length; i += 2) compiled("/host" + resolve(pairs[i]), "/host" + resolve(pairs[i + 1]));

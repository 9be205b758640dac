// Compile a pure wheel's Python into bytecode with the Pyodide the site vendors, and add it to the
// wheel, so that the browser imports the engine without compiling it first.
//
//     node scripts/compile_wheel.mjs IN.whl OUT.whl
//
// Each module's bytecode goes where CPython looks for it, __pycache__/<name>.cpython-3XX.pyc (the tag
// of Pyodide's own CPython), as an unchecked hash-based .pyc (PEP 552): valid whatever the files'
// times after unpacking; the wheel's RECORD lists them. Run by playable/vendor.py.

import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node scripts/compile_wheel.mjs IN.whl OUT.whl");
  process.exit(2);
}
const pyodide = await loadPyodide({ packages: [] });
pyodide.FS.writeFile("/tmp/in.whl", new Uint8Array(readFileSync(input)));
pyodide.runPython(`
import base64, hashlib, importlib.util, posixpath, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

with zipfile.ZipFile("/tmp/in.whl") as wheel, zipfile.ZipFile("/tmp/out.whl", "w", zipfile.ZIP_DEFLATED) as out:
    record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
    lines = wheel.read(record).decode().splitlines()
    for info in wheel.infolist():
        if info.filename == record:
            continue
        data = wheel.read(info)
        out.writestr(info, data)
        if not info.filename.endswith(".py"):
            continue
        code = compile(data, info.filename, "exec", dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        folder, name = posixpath.split(info.filename)
        path = posixpath.join(folder, "__pycache__", f"{name[:-3]}.{sys.implementation.cache_tag}.pyc")
        out.writestr(zipfile.ZipInfo(path, info.date_time), pyc, zipfile.ZIP_DEFLATED)
        lines.insert(-1, f"{path},{digest(pyc)},{len(pyc)}")
    out.writestr(wheel.getinfo(record), "\\n".join(lines) + "\\n")
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.whl"));

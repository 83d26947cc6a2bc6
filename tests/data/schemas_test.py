#!/usr/bin/env python3
"""The data formats' schemas, checked by a second implementation and end to end.

1. Every data/schema/*.schema.json is a valid draft-7 schema (Python's
   jsonschema, an implementation other than the C++ loaders' valijson).
2. Every shipped data file and every scenario names its schema with "$schema"
   (a path an editor resolves from the file) and conforms to it under jsonschema.
3. `tabletop check-data` finds no problem in the shipped data.
4. A broken file of each kind (every pool and deck file of every game) is
   refused, with the file and the JSON pointer of the field named, by both
   jsonschema and `tabletop check-data`: a misspelt top-level field, and a
   wrong type and a misspelt field in the first entry that has fields.

Usage: schemas_test.py TABLETOP_BINARY
"""
import copy
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "data")
SCHEMAS = os.path.join(DATA, "schema")
failures = []


def fail(text):
    failures.append(text)
    print("FAIL", text)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def validator(name):
    return jsonschema.Draft7Validator(load(os.path.join(SCHEMAS, name + ".schema.json")))


def data_files():
    """(path, schema name) of every shipped data file."""
    out = []
    for game in sorted(os.listdir(DATA)):
        folder = os.path.join(DATA, game)
        if game == "schema" or not os.path.isdir(folder):
            continue
        for f in sorted(glob.glob(os.path.join(folder, "*.json"))):
            out.append((f, f"{game}-{os.path.splitext(os.path.basename(f))[0]}"))
        for f in sorted(glob.glob(os.path.join(folder, "decks", "*.json"))):
            out.append((f, f"{game}-deck"))
    return out


def pointer(path_parts):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path_parts)


def check_schemas_are_valid():
    names = sorted(os.path.basename(p)[: -len(".schema.json")]
                   for p in glob.glob(os.path.join(SCHEMAS, "*.schema.json")))
    for name in names:
        try:
            jsonschema.Draft7Validator.check_schema(load(os.path.join(SCHEMAS, name + ".schema.json")))
        except jsonschema.SchemaError as e:
            fail(f"{name}.schema.json is not a valid draft-7 schema: {e.message}")
    return names


def check_files_conform(names):
    files = data_files() + [(f, "scenario") for f in sorted(glob.glob(os.path.join(ROOT, "tests", "*", "scenarios", "*.json")))]
    for path, schema in files:
        rel = os.path.relpath(path, ROOT)
        if schema not in names:
            fail(f"{rel}: there is no schema {schema}")
            continue
        doc = load(path)
        want = os.path.relpath(os.path.join(SCHEMAS, schema + ".schema.json"), os.path.dirname(path))
        if doc.get("$schema") != want:
            fail(f"{rel}: \"$schema\" is {doc.get('$schema')!r}, not {want!r}")
        for e in validator(schema).iter_errors(doc):
            fail(f"{rel}:{pointer(e.absolute_path)}: {e.message[:200]}")
    return len(files)


def check_data(binary, folder):
    run = subprocess.run([binary, "check-data", folder, "--json"], capture_output=True, text=True, timeout=120)
    if run.returncode not in (0, 1):
        fail(f"check-data {folder}: exit {run.returncode}: {run.stderr.strip()}")
        return run.returncode, []
    return run.returncode, json.loads(run.stdout)["problems"]


def first_entry(doc):
    """The JSON path (list) of the first object with a string and an integer field, preferring list entries."""
    def walk(node, path):
        if isinstance(node, dict):
            if path and any(isinstance(v, int) and not isinstance(v, bool) for v in node.values()) \
                    and any(isinstance(v, str) for v in node.values()):
                return path
            items = node.items()
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            return None
        for k, v in items:
            if k == "$schema":
                continue
            found = walk(v, path + [k])
            if found is not None:
                return found
        return None
    return walk(doc, [])


def get(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def mutations(doc):
    """(description, broken document, pointer that must be named) for one file."""
    out = []
    # Every file: its first field misspelt at the top level.
    top = next(k for k in doc if k != "$schema")
    broken = {(k + "x" if k == top else k): v for k, v in doc.items()}
    out.append(("a misspelt top-level field", broken, pointer([top + "x"])))
    path = first_entry(doc)
    if path is None:
        return out
    entry = get(doc, path)
    int_key = next(k for k, v in entry.items() if isinstance(v, int) and not isinstance(v, bool))
    broken = copy.deepcopy(doc)
    get(broken, path)[int_key] = "strong"
    out.append(("a wrong type", broken, pointer(path + [int_key])))
    broken = copy.deepcopy(doc)
    get(broken, path)[int_key + "x"] = get(broken, path).pop(int_key)
    out.append(("a misspelt field", broken, pointer(path + [int_key + "x"])))
    return out


def check_broken_files(binary, names):
    cases = 0
    for path, schema in data_files():
        if schema not in names:
            continue
        for what, broken, ptr in mutations(load(path)):
            cases += 1
            rel = os.path.relpath(path, DATA)
            named = [e for e in validator(schema).iter_errors(broken)
                     if pointer(e.absolute_path) == ptr or pointer(e.absolute_path) == ptr.rsplit("/", 1)[0]]
            if not named:
                fail(f"{rel} with {what} at {ptr}: jsonschema does not refuse it there")
            with tempfile.TemporaryDirectory() as tmp:
                game = rel.split(os.sep)[0]  # only the game's own folder: check-data reads less
                shutil.copytree(os.path.join(DATA, game), os.path.join(tmp, "data", game))
                copy_path = os.path.join(tmp, "data", rel)
                with open(copy_path, "w", encoding="utf-8") as f:
                    json.dump(broken, f)
                code, problems = check_data(binary, os.path.join(tmp, "data"))
                hits = [p for p in problems if p["file"] == copy_path and p["pointer"] == ptr]
                if code != 1 or not hits:
                    fail(f"{rel} with {what}: check-data exit {code} does not name {ptr}: {problems[:3]}")
    return cases


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = sys.argv[1]
    names = check_schemas_are_valid()
    files = check_files_conform(names)
    code, problems = check_data(binary, DATA)
    for p in problems:
        fail(f"check-data on the shipped data: {p['file']}:{p['pointer']}: {p['message']}")
    if code != 0 and not problems:
        fail(f"check-data on the shipped data: exit {code}")
    cases = check_broken_files(binary, names)
    print(f"{len(names)} schemas, {files} files conform, {cases} broken files refused; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

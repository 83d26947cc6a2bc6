#!/usr/bin/env python3
"""Writes the field reference of each data format into the docs, from its schema.

A doc asks for the reference of data/schema/NAME.schema.json with two markers:

    <!-- schema-reference: NAME begin -->
    <!-- schema-reference: NAME end -->

and this script fills what is between them: one table per object of the
format (the top level, then each definition), each field with its type, its
bounds or allowed values, whether it is required, and its description. So the
docs cannot drift from the schema that the loaders, `tabletop check-data` and
editors check files with.

Usage: scripts/schema_docs.py [--check] [DOC ...]
  (default: every .md file under docs/)
  --check  change nothing; exit 1 naming each doc whose reference is stale
Standard library only.
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "data", "schema")
MARKER = re.compile(
    r"(<!-- schema-reference: (?P<name>[a-z0-9-]+) begin -->\n)(?P<body>.*?)"
    r"(<!-- schema-reference: (?P=name) end -->)", re.S)


def anchor(schema_name, definition):
    return re.sub(r"[^a-z0-9-]+", "-", f"{schema_name}-{definition}".lower()).strip("-")


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def value_text(v):
    return json.dumps(v, ensure_ascii=False)


# Objects written inline in a schema (not as a definition), met while writing
# a table: (their title, the node); each gets its own table after the others.
INLINE = []


def type_text(node, schema_name, schema, depth=0, title=None):
    """A field's type as a reader says it: "integer 0-9990", "list of die"."""
    if depth > 4:
        return "value"
    if title and node.get("type") == "object" and "properties" in node:
        INLINE.append((title, node))
        return f"[{title}](#{anchor(schema_name, title)})"
    if "$ref" in node:
        d = node["$ref"].split("/")[-1]
        return f"[{d}](#{anchor(schema_name, d)})"
    if "const" in node:
        return "always " + value_text(node["const"])
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" if isinstance(v, str) else value_text(v) for v in node["enum"])
    for key in ("anyOf", "oneOf"):
        if key in node:
            return " or ".join(type_text(p, schema_name, schema, depth + 1) for p in node[key])
    t = node.get("type")
    types = t if isinstance(t, list) else [t] if t else []
    parts = []
    for one in types:
        if one == "array":
            items = node.get("items")
            text = "list"
            if isinstance(items, dict) and items:
                text += " of " + type_text(items, schema_name, schema, depth + 1,
                                           title + "[]" if title else None)
            bounds = []
            if "minItems" in node and "maxItems" in node and node["minItems"] == node["maxItems"]:
                bounds.append(f"exactly {node['minItems']}")
            else:
                if "minItems" in node:
                    bounds.append(f"at least {node['minItems']}")
                if "maxItems" in node:
                    bounds.append(f"at most {node['maxItems']}")
            if node.get("uniqueItems"):
                bounds.append("no repeats")
            if bounds:
                text += " (" + ", ".join(bounds) + ")"
            parts.append(text)
        elif one == "object":
            extra = node.get("additionalProperties")
            if isinstance(extra, dict) and extra and "properties" not in node:
                parts.append("object of " + type_text(extra, schema_name, schema, depth + 1) + " by key")
            else:
                parts.append("object")
        elif one in ("integer", "number"):
            lo, hi = node.get("minimum"), node.get("maximum")
            text = one
            if lo is not None and lo == hi:
                text += f", always {lo}"
            elif lo is not None and hi is not None:
                text += f" {lo} to {hi}"
            elif lo is not None:
                text += f" ≥ {lo}"
            elif hi is not None:
                text += f" ≤ {hi}"
            parts.append(text)
        elif one == "string":
            text = "string"
            if "pattern" in node:
                text += f" matching `{node['pattern']}`"
            if "maxLength" in node:
                text += f" (at most {node['maxLength']} characters)"
            parts.append(text)
        else:
            parts.append(one)
    if not parts and "allOf" in node:
        return "object (by kind, below)"
    return " or ".join(parts) if parts else "any value"


def described(sub, schema):
    """A field's description, else that of the definition it refers to."""
    if sub.get("description"):
        return sub["description"]
    if "$ref" in sub:
        d = schema.get("definitions", {}).get(sub["$ref"].split("/")[-1], {})
        return d.get("description", "")
    return ""


def table(node, schema_name, schema, title=""):
    props = node.get("properties", {})
    required = set(node.get("required", []))
    lines = []
    if props:
        lines += ["| field | type | required | meaning |", "|---|---|---|---|"]
        for key, sub in props.items():
            if key == "$schema":
                continue
            field = f"{title}.{key}" if title else key
            lines.append(f"| `{key}` | {cell(type_text(sub, schema_name, schema, title=field))} | "
                         f"{'yes' if key in required else ''} | {cell(described(sub, schema))} |")
    else:
        lines.append(f"A value of type {type_text(node, schema_name, schema)}.")
    kinds = []
    for part in node.get("allOf", []):
        cond = part.get("if", {}).get("properties", {})
        then = part.get("then", {})
        for key, c in cond.items():
            if "const" in c and "$ref" in then:
                d = then["$ref"].split("/")[-1]
                kinds.append(f"`{key}: {value_text(c['const'])}` → [{d}](#{anchor(schema_name, d)})")
    if kinds:
        lines += ["", "By kind: " + "; ".join(kinds) + "."]
    return lines


def reference(name, doc):
    path = os.path.join(SCHEMAS, name + ".schema.json")
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    link = os.path.relpath(path, os.path.dirname(os.path.abspath(doc)))
    out = [f"*Generated from [data/schema/{name}.schema.json]({link}) "
           f"by `scripts/schema_docs.py`: edit the schema, then run the script.*", ""]
    out += [f"#### The file ({name})", ""]
    if schema.get("description"):
        out += [schema["description"], ""]
    INLINE.clear()
    out += table(schema, name, schema)
    parts = list(schema.get("definitions", {}).items())
    done = 0
    while done < len(parts) or INLINE:
        if done < len(parts):
            d, node = parts[done]
            done += 1
            title = ""
        else:
            d, node = INLINE.pop(0)
            title = d
        out += ["", f'<a id="{anchor(name, d)}"></a>', f"#### {d}", ""]
        if node.get("description"):
            out += [node["description"], ""]
        out += table(node, name, schema, title)
    return "\n".join(out) + "\n"


def render(text, doc):
    return MARKER.sub(lambda m: m.group(1) + reference(m.group("name"), doc) + m.group(4), text)


def main(argv):
    check = "--check" in argv
    docs = [a for a in argv if a != "--check"] or sorted(
        glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    stale = []
    for doc in docs:
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        if not MARKER.search(text):
            continue
        new = render(text, doc)
        if new == text:
            continue
        if check:
            stale.append(os.path.relpath(doc, ROOT))
        else:
            with open(doc, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"schema_docs: wrote {os.path.relpath(doc, ROOT)}")
    for doc in stale:
        print(f"schema_docs: {doc}: its schema reference is stale; run scripts/schema_docs.py")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

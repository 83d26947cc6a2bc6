// RFC 6902 JSON Patch, applied without changing the document it is given:
// the objects and arrays along each changed path are copied, the rest is
// shared, so an update already drawn keeps its view. The server sends patches
// of add, remove and replace (nlohmann::json::diff); move, copy and test are
// here for the rest of the RFC. A patch that does not apply throws PatchError.
export class PatchError extends Error {}

export type PatchOp =
  | { op: "add" | "replace" | "test"; path: string; value: unknown }
  | { op: "remove"; path: string }
  | { op: "move" | "copy"; from: string; path: string };

/** "/a/b~1c" -> ["a", "b/c"] (RFC 6901). */
export function pointer(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PatchError(`bad path ${path}`);
  return path.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const copyOf = (v: any): any => (Array.isArray(v) ? v.slice() : { ...v });
const isContainer = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null;

function index(arr: any[], step: string, adding: boolean): number {
  if (adding && step === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(step)) throw new PatchError(`bad array index ${step}`);
  const i = Number(step);
  if (i > arr.length || (!adding && i === arr.length)) throw new PatchError(`index ${i} out of range`);
  return i;
}

function get(doc: any, steps: string[]): any {
  let at = doc;
  for (const s of steps) {
    if (Array.isArray(at)) at = at[index(at, s, false)];
    else if (isContainer(at) && Object.prototype.hasOwnProperty.call(at, s)) at = at[s];
    else throw new PatchError(`no ${s} on the path`);
  }
  return at;
}

// The document with `change` made to the container at `steps` (copied, as is
// every container above it).
function edit(doc: any, steps: string[], change: (parent: any, last: string) => void): any {
  if (!steps.length) throw new PatchError("the root itself");
  const root = copyOf(doc);
  let at = root;
  for (const s of steps.slice(0, -1)) {
    let next: any;
    if (Array.isArray(at)) next = at[index(at, s, false)];
    else if (Object.prototype.hasOwnProperty.call(at, s)) next = at[s];
    if (!isContainer(next)) throw new PatchError(`no ${s} on the path`);
    const k: any = Array.isArray(at) ? Number(s) : s;
    at[k] = copyOf(next);
    at = at[k];
  }
  change(at, steps[steps.length - 1]);
  return root;
}

function add(doc: any, path: string, value: unknown): any {
  const steps = pointer(path);
  if (!steps.length) return value;
  return edit(doc, steps, (p, last) => {
    if (Array.isArray(p)) p.splice(index(p, last, true), 0, value);
    else p[last] = value;
  });
}

function remove(doc: any, path: string): any {
  return edit(doc, pointer(path), (p, last) => {
    if (Array.isArray(p)) p.splice(index(p, last, false), 1);
    else if (Object.prototype.hasOwnProperty.call(p, last)) delete p[last];
    else throw new PatchError(`nothing to remove at ${path}`);
  });
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
}

/** `doc` with `ops` applied, in order; `doc` itself is left as it was. */
export function applyPatch(doc: unknown, ops: PatchOp[]): any {
  if (!Array.isArray(ops)) throw new PatchError("a patch is an array");
  let out: any = doc;
  for (const op of ops) {
    switch (op.op) {
      case "add": out = add(out, op.path, op.value); break;
      case "remove": out = remove(out, op.path); break;
      case "replace":
        if (op.path === "") out = op.value;
        else { get(out, pointer(op.path)); out = add(remove(out, op.path), op.path, op.value); }
        break;
      case "move": { const v = get(out, pointer(op.from)); out = add(remove(out, op.from), op.path, v); break; }
      case "copy": out = add(out, op.path, get(out, pointer(op.from))); break;
      case "test": if (!equal(get(out, pointer(op.path)), op.value)) throw new PatchError(`test failed at ${op.path}`); break;
      default: throw new PatchError(`unknown op ${(op as any).op}`);
    }
  }
  return out;
}

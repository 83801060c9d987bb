/**
 * A strict reader of the XML the store writes (sitemaps): a declaration, then elements with
 * attributes and text, the five predefined entities and character references. Anything else —
 * an unclosed or mismatched tag, a bare `&` or `<`, text outside the root — throws, so a test
 * that reads a document has shown it is well-formed.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  if (raw.includes('<')) throw new Error(`a bare '<' in ${JSON.stringify(raw.slice(0, 40))}`);
  return raw.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`a bare '&' in ${JSON.stringify(raw.slice(0, 40))}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#(\d+)$/.exec(name)?.[1];
    if (code === undefined) throw new Error(`an unknown entity &${name};`);
    return String.fromCodePoint(name.startsWith('#x') ? parseInt(code, 16) : Number(code));
  });
}

const NAME = '[A-Za-z_][\\w.:-]*';
const TAG = new RegExp(
  `<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`,
  'y',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');

export function parseXml(document: string): XmlElement {
  let at = 0;
  const declaration = /^<\?xml\s[^?]*\?>\s*/.exec(document);
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (at < document.length) {
    const next = document.indexOf('<', at);
    const text = document.slice(at, next === -1 ? document.length : next);
    const parent = stack.at(-1);
    if (parent) parent.text += decode(text);
    else if (text.trim()) throw new Error(`text outside the root: ${JSON.stringify(text)}`);
    if (next === -1) break;
    TAG.lastIndex = next;
    const tag = TAG.exec(document);
    if (!tag) throw new Error(`a malformed tag at ${next}: ${document.slice(next, next + 40)}`);
    at = TAG.lastIndex;
    const [, closing, name = '', attributeText = '', selfClosing] = tag;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key = '', double, single] of attributeText.matchAll(ATTRIBUTE)) {
      attributes[key] = decode(double ?? single ?? '');
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    if (parent) parent.children.push(element);
    else if (root) throw new Error('a second root element');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The text of every `name` element under `element`, in document order. */
export function textsOf(element: XmlElement, name: string): string[] {
  const found: string[] = [];
  const walk = (node: XmlElement) => {
    if (node.name === name) found.push(node.text);
    node.children.forEach(walk);
  };
  walk(element);
  return found;
}

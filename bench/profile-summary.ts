/**
 * `npm run bench:profile -- <file.cpuprofile> [rows]`: where a V8 CPU profile's time went, as
 * text, for a profile written by `BENCH_CPU_PROFILE=<folder> npm run bench` (the server's) or by
 * `node --cpu-prof`. Four lists, each a share of the profile's whole time:
 *   - self: the functions the samples stopped in;
 *   - self by package: the same, summed by npm package (or node: module);
 *   - inclusive: the functions on the stack, each counted once per sample;
 *   - React components: the time inside each component's own call (its hooks and its JSX; its
 *     children are drawn after it returns), from React's server or browser renderer.
 * DevTools opens the same file as a flame chart; this is for reading it in a terminal and for
 * comparing two runs line by line.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** React's function that calls a component, in its server (Fizz) and browser builds. */
const COMPONENT_CALLERS = new Set(['renderWithHooks', 'react_stack_bottom_frame']);

const frameName = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber}`;

const packageOf = ({ callFrame }: ProfileNode) => {
  const url = callFrame.url;
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = url.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return url === '' ? callFrame.functionName || '(native)' : '(this project)';
};

function summarize(profile: CpuProfile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const add = (map: Map<string, number>, key: string, time: number) =>
    map.set(key, (map.get(key) ?? 0) + time);
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const components = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const time = profile.timeDeltas[index] ?? 0;
    total += time;
    const leaf = nodes.get(id);
    if (!leaf) return;
    add(self, frameName(leaf), time);
    add(byPackage, packageOf(leaf), time);
    const seen = new Set<string>();
    let below: ProfileNode | undefined;
    let component: string | undefined;
    for (
      let node: ProfileNode | undefined = leaf;
      node;
      node = nodes.get(parents.get(node.id) ?? -1)
    ) {
      const name = frameName(node);
      if (!seen.has(name)) add(inclusive, name, time);
      seen.add(name);
      if (!component && below && COMPONENT_CALLERS.has(node.callFrame.functionName)) {
        component = frameName(below);
      }
      below = node;
    }
    if (component) add(components, component, time);
  });
  return { total, self, byPackage, inclusive, components };
}

function print(title: string, times: Map<string, number>, total: number, rows: number) {
  console.log(`\n${title}`);
  for (const [name, time] of [...times].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(6)}%  ${name}`);
  }
}

const [file, rowsArgument = '30'] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run bench:profile -- <file.cpuprofile> [rows]');
  process.exit(1);
}
const rows = Number(rowsArgument);
const { total, ...lists } = summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
print('Self', lists.self, total, rows);
print('Self by package', lists.byPackage, total, rows);
print('Inclusive', lists.inclusive, total, rows);
print('React components (their own call)', lists.components, total, rows);

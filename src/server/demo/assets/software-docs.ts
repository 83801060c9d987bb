import type { AudioDemo } from './audio-examples';
import { createRng, hashString } from './prng';
import { escapeXml } from './xml';

export type SoftwareKind = 'plugin' | 'app' | 'productivity';

/** A product setting and its range, used for the manual and the preset files. */
export type SettingRanges = Readonly<Record<string, readonly [min: number, max: number]>>;

export interface SoftwareDocsInput {
  name: string;
  kind: SoftwareKind;
  description: string;
  presets: readonly string[];
  settings: SettingRanges;
  /** Renders shipped in an Audio-Examples folder; none for text-only products. */
  audioDemo?: AudioDemo;
}

const INSTALL_NOTES: Record<SoftwareKind, string> = {
  plugin: `Installing presets
  Windows: copy the Presets folder to Documents\\Loopmarket\\<product>\\Presets
  macOS:   copy the Presets folder to ~/Music/Loopmarket/<product>/Presets
  Rescan presets from the plugin's preset menu; your DAW needs no restart.
  Formats supported by the full product: VST3, AU and CLAP, 64-bit.`,
  app: `Installing presets
  Open the app, choose Settings > Presets > Import and select the files in Presets.
  Runs on Windows 10 or later and macOS 12 or later.`,
  productivity: `Installing templates
  Open the app, choose File > Import template and select the files in Presets.
  Templates sync to every device signed in to the same account.`,
};

function settingValue(name: string, range: readonly [number, number], preset: string): number {
  const [min, max] = range;
  const value = min + createRng(hashString(`${preset}/${name}`))() * (max - min);
  return Number.isInteger(min) && Number.isInteger(max) && max - min > 2
    ? Math.round(value)
    : Math.round(value * 100) / 100;
}

/** Productivity products ship templates; plugins and apps ship presets. */
function presetLabel(kind: SoftwareKind, heading = false): string {
  const label = kind === 'productivity' ? 'templates' : 'factory presets';
  return heading ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

export function readme(input: SoftwareDocsInput): string {
  return `${input.name}
${'='.repeat(input.name.length)}

${input.description}

This archive comes from the Loopmarket demo catalogue. It shows how a software download is
laid out (presets, user manual and licence) and contains no installer.

${INSTALL_NOTES[input.kind].replaceAll('<product>', input.name)}

Contents
  README.txt       this file
  User-Manual.txt  how to use the product
  LICENSE.txt      the single-user licence
  Presets/         ${input.presets.length} ${presetLabel(input.kind)}${input.audioDemo ? '\n  Audio-Examples/  what it sounds like' : ''}
`;
}

export function userManual(input: SoftwareDocsInput): string {
  const settings = Object.entries(input.settings)
    .map(([name, [min, max]]) => `  ${name.padEnd(18)} ${min} to ${max}`)
    .join('\n');
  const presets = input.presets.map((preset) => `  - ${preset}`).join('\n');
  return `${input.name}: User Manual

1. Overview
${input.description}

2. Getting started
Load a factory preset first, then change one setting at a time and listen. Every setting
can be reset to its default with a double-click (plugins) or the Reset button (apps).

3. Settings
${settings}

4. ${presetLabel(input.kind, true)}
${presets}

5. Support
Questions about your licence or download: contact the store through its support page.
`;
}

/** Plugins keep XML presets, as most plugin hosts do; apps and templates use JSON. */
export function presetFiles(input: SoftwareDocsInput): Record<string, string> {
  const files: Record<string, string> = {};
  for (const preset of input.presets) {
    const entries = Object.entries(input.settings).map(
      ([name, range]) => [name, settingValue(name, range, preset)] as const,
    );
    const fileBase = preset.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
    if (input.kind === 'plugin') {
      const params = entries
        .map(([name, value]) => `  <param id="${name}" value="${value}"/>`)
        .join('\n');
      files[`${fileBase}.xml`] =
        `<?xml version="1.0" encoding="UTF-8"?>\n<preset product="${escapeXml(input.name)}" name="${escapeXml(preset)}" version="1">\n${params}\n</preset>\n`;
    } else {
      const body = {
        product: input.name,
        preset,
        version: 1,
        settings: Object.fromEntries(entries),
      };
      files[`${fileBase}.json`] = `${JSON.stringify(body, null, 2)}\n`;
    }
  }
  return files;
}

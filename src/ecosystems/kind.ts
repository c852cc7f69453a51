import type { GalaxyMeta } from '../data/manifest';

/** docs/rules.md#ecosystems: the package ecosystems (plus crates and elm, which follow the same rules). */
export const PACKAGE_ECOSYSTEMS: readonly string[] = [
  'npm',
  'bower',
  'cpan',
  'cran',
  'composer',
  'rubygems',
  'gosearch',
  'debian',
  'fedora',
  'arch',
  'brew',
  'nuget',
  'python',
  'crates',
  'elm',
];

/** Which family of rules (degree labels) a galaxy follows. */
export type EcosystemFamily = 'package' | 'github' | 'other';

/** The galaxy's ecosystem: `manifest.meta.kind` when present, else the galaxy name. */
export function ecosystemKind(galaxyName: string, meta?: GalaxyMeta): string {
  const kind = meta?.kind?.trim();
  return (kind ? kind : galaxyName).toLowerCase();
}

export function ecosystemFamily(kind: string): EcosystemFamily {
  const normalised = kind.toLowerCase();
  if (normalised === 'github') return 'github';
  return PACKAGE_ECOSYSTEMS.includes(normalised) ? 'package' : 'other';
}

import { describe, expect, it } from 'vitest';
import { PACKAGE_ECOSYSTEMS, degreeKindName, degreeLabel, ecosystemKind } from '../../../src/ecosystems';

describe('degree labels (docs/rules.md#ecosystems)', () => {
  it.each(PACKAGE_ECOSYSTEMS)('%s counts dependents and dependencies, singular for one', (kind) => {
    expect(degreeLabel(kind, 'in', 1)).toBe('dependent');
    expect(degreeLabel(kind, 'in', 2)).toBe('dependents');
    expect(degreeLabel(kind, 'in', 0)).toBe('dependents');
    expect(degreeLabel(kind, 'out', 1)).toBe('dependency');
    expect(degreeLabel(kind, 'out', 2)).toBe('dependencies');
  });

  it('gosearch uses the package labels', () => {
    expect(degreeLabel('gosearch', 'out', 3)).toBe('dependencies');
  });

  it('github counts followers and following', () => {
    expect(degreeLabel('github', 'in', 1)).toBe('follower');
    expect(degreeLabel('github', 'in', 5)).toBe('followers');
    expect(degreeLabel('github', 'out', 1)).toBe('following');
    expect(degreeLabel('github', 'out', 7)).toBe('following');
  });

  it('other graphs say in-degree and out-degree, and indegree/outdegree in window titles', () => {
    expect(degreeLabel('internet', 'in', 4)).toBe('in-degree');
    expect(degreeLabel('internet', 'out', 1)).toBe('out-degree');
    expect(degreeKindName('internet', 'in', 4)).toBe('indegree');
    expect(degreeKindName('internet', 'out', 4)).toBe('outdegree');
    expect(degreeKindName('npm', 'in', 1)).toBe('dependent');
    expect(degreeKindName('github', 'in', 9)).toBe('followers');
  });

  it('the placeholder degree "?" takes the plural label', () => {
    expect(degreeLabel('npm', 'in', '?')).toBe('dependents');
    expect(degreeLabel('github', 'in', '?')).toBe('followers');
  });

  it('the ecosystem is manifest meta.kind when given, else the galaxy name', () => {
    expect(ecosystemKind('my-packages', { kind: 'npm' })).toBe('npm');
    expect(ecosystemKind('crates', {})).toBe('crates');
    expect(ecosystemKind('Debian')).toBe('debian');
    expect(degreeLabel(ecosystemKind('my-packages', { kind: 'npm' }), 'in', 2)).toBe('dependents');
  });
});

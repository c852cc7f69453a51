export { PACKAGE_ECOSYSTEMS, ecosystemFamily, ecosystemKind, type EcosystemFamily } from './kind';
export { degreeKindName, degreeLabel, type DegreeValue, type Direction } from './degreeLabels';
export { githubAvatar, nodeIcon, nodeLink } from './registryLinks';
export { placeholderNode, presentNode, type PresentedNode } from './presentNode';
export { formatCount } from './formatCount';

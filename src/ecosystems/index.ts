export { PACKAGE_ECOSYSTEMS, ecosystemFamily, ecosystemKind, type EcosystemFamily } from './kind';
export { degreeKindName, degreeLabel, type DegreeValue, type Direction } from './degreeLabels';
export { githubAvatar, starIcon, starPage } from './registryLinks';
export { placeholderStar, presentStarInfo, type PresentedStar } from './presentStar';
export { formatCount } from './formatCount';

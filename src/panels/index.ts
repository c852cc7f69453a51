export { AboutLink, PROJECT_DOCUMENTATION_URL, type AboutLinkProps } from './AboutLink';
export { Avatar, type AvatarProps } from './Avatar';
export { DataWarnings, type DataWarningsProps } from './DataWarnings';
export { ErrorPanel, galaxyHref, type ErrorPanelProps } from './ErrorPanel';
export { HelpOverlay, type HelpOverlayProps } from './HelpOverlay';
export { HoverTooltip, TOOLTIP_OFFSET_LEFT, TOOLTIP_OFFSET_TOP, type HoverTooltipProps } from './HoverTooltip';
export { LoadingLabel, type LoadingLabelProps } from './LoadingLabel';
export { StarDetails, type StarDetailsProps } from './StarDetails';
// The list window's code is loaded when a list opens (src/routes/WindowsContainer.tsx): its types only.
export type { StarListRow, StarListWindowProps } from './StarListWindow';
export { SearchBox, type SearchBoxProps } from './SearchBox';
export { StatsLine, type StatsLineProps } from './StatsLine';
export { SteeringOverlay, type SteeringOverlayProps } from './SteeringOverlay';
export { NamedStarsList, type NamedStar, type NamedStarsListProps } from './NamedStarsList';
export { StreamingStatsLine, type StreamingStatsLineProps } from './StreamingStatsLine';
export { ConstellationButton, ConstellationsPanel, type ConstellationsPanelProps } from './ConstellationsPanel';

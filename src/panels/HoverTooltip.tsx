import type { DegreeValue } from '../ecosystems/degreeLabels';
import { formatDegree } from '../ecosystems/formatCount';
import './panel.css';
import './HoverTooltip.css';

/** docs/rules.md#panels: the tooltip sits 20 px right of and 35 px above the pointer. */
export const TOOLTIP_OFFSET_LEFT = 20;
export const TOOLTIP_OFFSET_TOP = -35;

export interface HoverTooltipProps {
  name: string;
  inDegree: DegreeValue;
  outDegree: DegreeValue;
  /** Labels for the figures; default 'in' and 'out'. */
  inDegreeLabel?: string;
  outDegreeLabel?: string;
  /** Pointer position in viewport pixels (clientX); the offset is applied here. */
  left: number;
  /** Pointer position in viewport pixels (clientY). */
  top: number;
  /** The name or a degree is a placeholder until its shard arrives (docs/rules.md#panels). */
  pending?: boolean;
}

/** docs/rules.md#panels: name, in-degree and out-degree of the star under the pointer. */
export function HoverTooltip({
  name,
  inDegree,
  outDegree,
  inDegreeLabel = 'in',
  outDegreeLabel = 'out',
  left,
  top,
  pending = false,
}: HoverTooltipProps) {
  return (
    <div
      className={pending ? 'hover-tooltip hover-tooltip--pending galaxy-panel' : 'hover-tooltip galaxy-panel'}
      role="tooltip"
      aria-busy={pending || undefined}
      data-testid="hover-tooltip"
      style={{ left: left + TOOLTIP_OFFSET_LEFT, top: top + TOOLTIP_OFFSET_TOP }}
    >
      <span className="hover-tooltip__name">{name}</span>
      <span className="hover-tooltip__degrees">
        <b data-testid="hover-in">{formatDegree(inDegree)}</b> {inDegreeLabel} · <b data-testid="hover-out">{formatDegree(outDegree)}</b>{' '}
        {outDegreeLabel}
      </span>
    </div>
  );
}

import './panel.css';
import './LoadingLabel.css';

export interface LoadingLabelProps {
  /** Progress message, e.g. 'npm: downloading links'. Nothing is shown while it is empty. */
  message: string;
  /** How far it got, e.g. '42%'. */
  completed: string;
}

/** docs/rules.md#panels: the progress label '{message} - {completed}' shown while a galaxy loads. */
export function LoadingLabel({ message, completed }: LoadingLabelProps) {
  if (!message) return null;
  return (
    <div className="loading-label galaxy-panel" role="status" data-testid="progress">
      {`${message} - ${completed}`}
    </div>
  );
}

/**
 * The original viewer's last measured first star frame on classic npm (firstframe bench with
 * ORIGINAL_VIEWER_DIR set), shown beside a run that did not open it. Update it from a run's figures;
 * never from memory.
 */
export const ORIGINAL_VIEWER_LAST_MEASURED = {
  date: 'PENDING',
  note: 'PENDING',
};

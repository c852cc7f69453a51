import { useEffect, useState } from 'react';

/** docs/rules.md#panels: screens under 800 px wide get the compact details. */
export function useCompactLayout(): boolean {
  const query = '(max-width: 799.98px)';
  const [compact, setCompact] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setCompact(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return compact;
}

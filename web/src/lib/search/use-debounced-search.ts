import { LIMITS } from '@atende/shared/domain/constants';
import { useEffect, useState } from 'react';

/** The search text as typed, and the one to send 500 ms (spec point 9) after the last keystroke. */
export function useDebouncedSearch(initial = '') {
  const [text, setText] = useState(initial);
  const [search, setSearch] = useState(initial.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, search };
}

import { useQuery } from '@tanstack/react-query';
import type { ImportFormat } from '../import/read-file.ts';
import { tagNamesInColumn } from '../import/read-file.ts';
import { unknownTagNames } from '../import/unknown-tags.ts';

/**
 * The tag names the file's tags column uses that match no tag, read once per file and column while the user
 * maps, so the mapping step can warn (and offer to create them) before the import starts.
 */
export function useUnknownTags(
  file: File | undefined,
  format: ImportFormat | undefined,
  header: string | undefined,
  tags: readonly { name: string }[] | undefined,
) {
  const names = useQuery({
    queryKey: ['contacts', 'import-tag-names', file?.name, file?.size, file?.lastModified, header],
    queryFn: () => tagNamesInColumn(file as File, format as ImportFormat, header as string),
    enabled: file !== undefined && format !== undefined && header !== undefined && tags !== undefined,
    staleTime: Infinity,
  });
  return names.data && tags ? unknownTagNames(names.data, tags) : [];
}

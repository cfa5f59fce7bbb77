import type { ImportView } from '@atende/shared/contracts/contacts/imports';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateImportInput } from '../api/contacts-api.ts';
import { fetchImport, fetchImportErrors, postImport } from '../api/contacts-api.ts';
import { contactKeys } from '../api/query-keys.ts';
import { saveTextFile } from '../import/read-file.ts';

/** The progress bar asks for the import's state this often until it is done or failed. */
export const IMPORT_POLL_MS = 1000;

const finished = (view: ImportView | undefined) => view?.status === 'done' || view?.status === 'failed';

export const useStartImport = () =>
  useMutation({ mutationFn: (body: CreateImportInput) => postImport(body) });

/** GET /api/contacts/imports/{id}, polled while the import runs. */
export function useImportProgress(id: string | undefined) {
  return useQuery({
    queryKey: contactKeys.import(id ?? ''),
    queryFn: () => fetchImport(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
  });
}

export const downloadImportErrors = async (id: string) => {
  const report = await fetchImportErrors(id);
  saveTextFile(report.file_name, report.content_type, report.csv);
};

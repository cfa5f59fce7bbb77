import { afterEach, describe, expect, it, vi } from 'vitest';

const callRoute = vi.fn();
vi.mock('../../../lib/api/call-route.ts', () => ({ callRoute: (...args: unknown[]) => callRoute(...args) }));

const { fitsUpload, uploadImportFile } = await import('./upload-file.ts');

interface Sent {
  method: string;
  url: string;
  form: FormData;
}

/** A stand-in for the browser's XMLHttpRequest: reports progress, then answers with `status`. */
function fakeXhr(status: number, sent: Sent[]) {
  return class {
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
      {};
    onload?: () => void;
    onerror?: () => void;
    status = 0;
    private target = { method: '', url: '' };
    open(method: string, url: string) {
      this.target = { method, url };
    }
    send(form: FormData) {
      sent.push({ ...this.target, form });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = status;
      this.onload?.();
    }
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  callRoute.mockReset();
});

describe('uploadImportFile', () => {
  it('asks for a presigned POST, sends the policy fields then the file, and answers the upload id', async () => {
    callRoute.mockResolvedValue({
      upload: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      url: 'http://s3.test/bucket',
      fields: { key: 'imports/C/c/uploads/a.csv', Policy: 'p' },
    });
    const sent: Sent[] = [];
    vi.stubGlobal('XMLHttpRequest', fakeXhr(204, sent));
    const progress: number[] = [];
    const file = new File(['Nome\nJoão\n'], 'base.csv');
    expect(await uploadImportFile(file, (percent) => progress.push(percent))).toBe(
      'aaaaaaaaaaaaaaaaaaaaaaaa',
    );
    expect(callRoute.mock.calls[0]?.[1]).toEqual({ body: { file_name: 'base.csv', size: file.size } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://s3.test/bucket' });
    expect([...(sent[0] as Sent).form.keys()]).toEqual(['key', 'Policy', 'file']);
    expect(progress).toEqual([0, 50, 100]);
  });

  it('fails when the bucket refuses the file', async () => {
    callRoute.mockResolvedValue({ upload: 'b', url: 'http://s3.test/bucket', fields: {} });
    vi.stubGlobal('XMLHttpRequest', fakeXhr(403, []));
    await expect(uploadImportFile(new File(['x'], 'a.csv'), () => undefined)).rejects.toThrow('403');
  });
});

describe('fitsUpload', () => {
  it('takes non-empty files up to 50 MB', () => {
    expect(fitsUpload(new Blob(['a']))).toBe(true);
    expect(fitsUpload(new Blob([]))).toBe(false);
    expect(fitsUpload({ size: 50_000_001 } as Blob)).toBe(false);
  });
});

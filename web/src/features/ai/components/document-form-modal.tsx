import {
  fileKindOf,
  KNOWLEDGE_FILE_MAX_BYTES,
  KNOWLEDGE_FILE_MAX_MB,
} from '@atende/shared/contracts/ai/knowledge-views';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, Form, Input, Modal, Progress, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api/api-error.ts';
import { aiApi, aiKeys, type DocumentInput } from '../api/ai-api.ts';
import { useAiMutation } from '../hooks/use-ai.ts';

const s = ptBR.ai.screens;
const required = [{ required: true, message: ptBR.forms.requiredField }];
type Source = 'text' | 'url' | 'file' | 'faq';

interface Values {
  title?: string;
  text?: string;
  url?: string;
  question?: string;
  answer?: string;
}

const files = ptBR.ai.files;

/** Why a picked file cannot be sent, before any upload; undefined when it can. */
function fileProblem(file: File): string | undefined {
  if (!fileKindOf(file.name) && !/\.(txt|md|markdown)$/i.test(file.name)) return files.unsupported;
  if (file.size === 0) return files.empty;
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES)
    return interpolate(ptBR.upload.sizeExceeded, { n: KNOWLEDGE_FILE_MAX_MB });
  return undefined;
}

/**
 * Adds a text, a web page, a file (TXT/Markdown read in the browser; PDF/DOCX uploaded to the bucket with
 * progress, their text extracted by the server) or a question-and-answer pair.
 */
export function DocumentFormModal({ kb, open, onClose }: { kb: string; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [source, setSource] = useState<Source>('text');
  const [file, setFile] = useState<{ name: string; content: string }>();
  const [binary, setBinary] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [uploaded, setUploaded] = useState<number>();
  const keys = [aiKeys.documents(kb), aiKeys.bases];
  const add = useAiMutation((body: DocumentInput) => aiApi.addDocument(kb, body), keys);
  const upload = useAiMutation((picked: File) => aiApi.addFile(kb, picked, setUploaded), keys);

  const pick = (picked: File | undefined) => {
    setFile(undefined);
    setBinary(undefined);
    setFileError(picked ? fileProblem(picked) : undefined);
    if (!picked || fileProblem(picked)) return;
    if (fileKindOf(picked.name)) setBinary(picked);
    else void picked.text().then((content) => setFile({ name: picked.name, content }));
  };

  const done = () => {
    form.resetFields();
    setFile(undefined);
    setBinary(undefined);
    setUploaded(undefined);
    onClose();
  };

  const bodyOf = (values: Values): DocumentInput | undefined => {
    if (source === 'url') return { url: values.url ?? '', ...(values.title ? { title: values.title } : {}) };
    if (source === 'faq') return { question: values.question ?? '', answer: values.answer ?? '' };
    if (source === 'file') return file ? { file_name: file.name, content: file.content } : undefined;
    return { title: values.title ?? '', text: values.text ?? '' };
  };

  const submit = async () => {
    const values = await form.validateFields();
    try {
      if (source === 'file' && binary) {
        await upload.mutateAsync(binary);
        done();
        return;
      }
      const body = bodyOf(values);
      if (!body) {
        setFileError(fileError ?? files.unsupported);
        return;
      }
      await add.mutateAsync(body);
      done();
    } catch (error) {
      setUploaded(undefined);
      void message.error(error instanceof ApiRequestError ? error.message : s.saveFailed);
    }
  };

  return (
    <Modal
      open={open}
      title={s.addDocument}
      okText={s.save}
      cancelText={s.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || upload.isPending}
      okButtonProps={{ 'data-testid': 'kb-document-save' } as Record<`data-${string}`, string>}
    >
      <Segmented<Source>
        block
        value={source}
        onChange={setSource}
        options={[
          { value: 'text', label: s.sourceText },
          { value: 'url', label: s.sourceUrl },
          { value: 'file', label: s.sourceFile },
          { value: 'faq', label: s.sourceFaq },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Form form={form} layout="vertical">
        {(source === 'text' || source === 'url') && (
          <Form.Item name="title" label={s.title} rules={source === 'text' ? required : []}>
            <Input data-testid="kb-document-title" />
          </Form.Item>
        )}
        {source === 'text' && (
          <Form.Item name="text" label={s.text} rules={required}>
            <Input.TextArea rows={8} data-testid="kb-document-text" />
          </Form.Item>
        )}
        {source === 'url' && (
          <Form.Item
            name="url"
            label={s.url}
            rules={[{ required: true, type: 'url', message: ptBR.ai.invalidUrl }]}
          >
            <Input placeholder="https://" data-testid="kb-document-url" />
          </Form.Item>
        )}
        {source === 'file' && (
          <Form.Item
            label={files.pick}
            htmlFor="kb-document-file"
            extra={files.limits}
            validateStatus={fileError ? 'error' : undefined}
            help={fileError}
          >
            <input
              id="kb-document-file"
              type="file"
              accept=".pdf,.docx,.txt,.md,.markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown"
              data-testid="kb-document-file"
              onChange={(event) => pick(event.target.files?.[0])}
            />
            {uploaded !== undefined && (
              <div data-testid="kb-upload-progress">
                <Typography.Text type="secondary">
                  {interpolate(files.uploading, { percent: uploaded })}
                </Typography.Text>
                <Progress percent={uploaded} size="small" />
              </div>
            )}
          </Form.Item>
        )}
        {source === 'faq' && (
          <>
            <Form.Item name="question" label={s.question} rules={required}>
              <Input data-testid="kb-faq-question" />
            </Form.Item>
            <Form.Item name="answer" label={s.answer} rules={required}>
              <Input.TextArea rows={4} data-testid="kb-faq-answer" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App, Form, Input, Modal, Segmented } from 'antd';
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

/** Adds a text, a web page, a TXT/Markdown file (read in the browser) or a question-and-answer pair. */
export function DocumentFormModal({ kb, open, onClose }: { kb: string; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [source, setSource] = useState<Source>('text');
  const [file, setFile] = useState<{ name: string; content: string }>();
  const add = useAiMutation(
    (body: DocumentInput) => aiApi.addDocument(kb, body),
    [aiKeys.documents(kb), aiKeys.bases],
  );

  const bodyOf = (values: Values): DocumentInput | undefined => {
    if (source === 'url') return { url: values.url ?? '', ...(values.title ? { title: values.title } : {}) };
    if (source === 'faq') return { question: values.question ?? '', answer: values.answer ?? '' };
    if (source === 'file') return file ? { file_name: file.name, content: file.content } : undefined;
    return { title: values.title ?? '', text: values.text ?? '' };
  };

  const submit = async () => {
    const body = bodyOf(await form.validateFields());
    if (!body) {
      void message.error(ptBR.ai.unsupportedFile);
      return;
    }
    try {
      await add.mutateAsync(body);
      form.resetFields();
      setFile(undefined);
      onClose();
    } catch (error) {
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
      confirmLoading={add.isPending}
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
          <Form.Item label={s.file}>
            <input
              type="file"
              accept=".txt,.md,.markdown,text/plain,text/markdown"
              data-testid="kb-document-file"
              onChange={(event) => {
                const picked = event.target.files?.[0];
                if (picked) void picked.text().then((content) => setFile({ name: picked.name, content }));
              }}
            />
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

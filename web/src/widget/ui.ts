import type { ShownMessage } from './messages.ts';
import { WIDGET_CSS } from './styles.ts';
import { texts } from './texts.ts';

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';

export interface WidgetUi {
  setAppearance: (appearance: { title: string; color: string; greeting: string }) => void;
  render: (messages: readonly ShownMessage[]) => void;
  setStatus: (text: string) => void;
  /** The visitor submitted a text. */
  onSend: (listener: (text: string) => void) => void;
  /** The visitor tapped a failed message. */
  onRetry: (listener: (id: string) => void) => void;
  /** The panel was opened (first time: the history is loaded). */
  onOpen: (listener: () => void) => void;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Builds the bubble and the panel in a shadow root appended to the page's body. Text is never parsed as HTML. */
export function mountWidgetUi(): WidgetUi {
  const host = element('div', { 'data-atende-widget': '' });
  const shadow = host.attachShadow({ mode: 'open' });
  const style = element('style', {}, WIDGET_CSS);
  const bubble = element('button', {
    class: 'bubble',
    type: 'button',
    'data-testid': 'widget-bubble',
    'aria-label': texts.openChat,
  });
  bubble.innerHTML = CHAT_ICON;
  const panel = element('div', { class: 'panel', 'data-testid': 'widget-panel', role: 'dialog' });
  panel.hidden = true;
  const header = element('div', { class: 'header' });
  const title = element('strong', {}, texts.title);
  const close = element('button', { class: 'close', type: 'button', 'aria-label': texts.closeChat }, '×');
  header.append(title, close);
  const status = element('div', { class: 'status', 'aria-live': 'polite' });
  const list = element('div', { class: 'list' });
  const greeting = element('div', { class: 'greeting' }, texts.greeting);
  const form = element('form', { class: 'form' });
  const input = element('textarea', {
    class: 'input',
    rows: '1',
    placeholder: texts.inputPlaceholder,
    'data-testid': 'widget-input',
    'aria-label': texts.inputPlaceholder,
  });
  const send = element('button', { class: 'send', type: 'submit', 'data-testid': 'widget-send' }, texts.send);
  form.append(input, send);
  panel.append(header, status, list, form);
  shadow.append(style, bubble, panel);
  document.body.append(host);

  const sendListeners: ((text: string) => void)[] = [];
  const retryListeners: ((id: string) => void)[] = [];
  const openListeners: (() => void)[] = [];

  const toggle = (open: boolean) => {
    panel.hidden = !open;
    bubble.setAttribute('aria-label', open ? texts.closeChat : texts.openChat);
    if (open) {
      openListeners.forEach((listener) => listener());
      input.focus();
    }
  };
  bubble.addEventListener('click', () => toggle(panel.hidden));
  close.addEventListener('click', () => toggle(false));
  const submit = () => {
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    sendListeners.forEach((listener) => listener(text));
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  });

  return {
    setAppearance: ({ title: label, color, greeting: first }) => {
      host.style.setProperty('--accent', color);
      title.textContent = label || texts.title;
      greeting.textContent = first || texts.greeting;
    },
    render: (messages) => {
      const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      const nodes = messages.map((message) => {
        const node = element('div', {
          class: `msg ${message.state}`,
          'data-testid': 'widget-message',
          'data-sender': message.sender,
          'data-id': message.id,
        });
        if (message.sender === 'operator') {
          node.append(element('span', { class: 'who' }, message.operator_name || texts.operator));
        }
        node.append(document.createTextNode(message.text));
        if (message.buttons && message === messages.at(-1)) {
          const row = element('div', { class: 'buttons' });
          for (const option of message.buttons) {
            const button = element(
              'button',
              { type: 'button', class: 'option', 'data-testid': 'widget-option' },
              option.label,
            );
            button.addEventListener('click', () =>
              sendListeners.forEach((listener) => listener(option.label)),
            );
            row.append(button);
          }
          node.append(row);
        }
        if (message.state === 'pending') node.append(element('span', { class: 'note' }, texts.sending));
        if (message.state === 'failed') {
          node.append(element('span', { class: 'note' }, texts.failed));
          node.addEventListener('click', () => retryListeners.forEach((listener) => listener(message.id)));
        }
        return node;
      });
      list.replaceChildren(greeting, ...nodes);
      if (nearBottom || messages.at(-1)?.sender === 'customer') list.scrollTop = list.scrollHeight;
    },
    setStatus: (text) => {
      status.textContent = text;
    },
    onSend: (listener) => sendListeners.push(listener),
    onRetry: (listener) => retryListeners.push(listener),
    onOpen: (listener) => openListeners.push(listener),
  };
}

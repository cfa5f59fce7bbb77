/** Test support: a WebSocket the test drives (open, frames, drops) and that records what the client sent. */
export class FakeWebSocket extends EventTarget {
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(): void {
    this.readyState = 3;
  }
  serverOpens(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  serverSends(frame: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  serverDrops(): void {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
}

export const latest = (): FakeWebSocket => {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

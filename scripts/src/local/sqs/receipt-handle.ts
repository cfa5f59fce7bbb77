/** Receipt handles name the queue, the message and the receive they came from, so stale ones can be told apart. */
export function encodeHandle(queueName: string, messageId: string, token: string): string {
  return Buffer.from(`${queueName}\n${messageId}\n${token}`, 'utf8').toString('base64url');
}

export function decodeHandle(
  handle: string,
): { queueName: string; messageId: string; token: string } | undefined {
  const parts = Buffer.from(handle, 'base64url').toString('utf8').split('\n');
  if (parts.length !== 3 || parts.some((part) => part === '')) return undefined;
  const [queueName = '', messageId = '', token = ''] = parts;
  return { queueName, messageId, token };
}

import { describe, expect, it } from 'vitest';
import { headerAuthenticity, sesAuthenticity } from './authenticity.ts';
import { parseInboundEmail } from './inbound.ts';

const integration = { companyId: '64b7f0c2a1b2c3d4e5f60718', integrationId: '64b7f0c2a1b2c3d4e5f6071a' };
const mail = (headers: string) =>
  `${headers}From: Banco <cobranca@banco.com.br>\r\nTo: suporte@empresa.com.br\r\nSubject: Boleto\r\nMessage-ID: <x1@banco.com.br>\r\n\r\nPague hoje.\r\n`;

describe('sender authenticity', () => {
  it('follows DMARC, else SPF and DKIM failing together, from SES verdicts', () => {
    const ses = (spf: string, dkim: string, dmarc: string) =>
      sesAuthenticity({
        spfVerdict: { status: spf },
        dkimVerdict: { status: dkim },
        dmarcVerdict: { status: dmarc },
      } as Parameters<typeof sesAuthenticity>[0]);
    expect(ses('PASS', 'PASS', 'FAIL')).toBe('fail');
    expect(ses('FAIL', 'FAIL', 'GRAY')).toBe('fail');
    expect(ses('FAIL', 'PASS', 'PASS')).toBe('pass');
    expect(ses('GRAY', 'GRAY', 'GRAY')).toBe('unknown');
  });

  it('reads Authentication-Results headers, and calls a mail without them unknown', () => {
    expect(
      headerAuthenticity(['mx.empresa.com.br; spf=fail smtp.mailfrom=x; dkim=none; dmarc=fail (p=reject)']),
    ).toBe('fail');
    expect(headerAuthenticity(['mx; spf=pass; dkim=pass; dmarc=pass'])).toBe('pass');
    expect(headerAuthenticity([])).toBe('unknown');
  });

  it('flags a locally received mail whose Authentication-Results fail DMARC, and only that one', async () => {
    const failing = await parseInboundEmail(
      mail('Authentication-Results: mx.local; spf=fail; dmarc=fail\r\n'),
      integration,
      { receivedAt: new Date() },
    );
    expect(failing.items[0]?.event).toMatchObject({ suspicious: true });
    const plain = await parseInboundEmail(mail(''), integration, { receivedAt: new Date() });
    expect(plain.items[0]?.event.suspicious).toBeUndefined();
  });
});

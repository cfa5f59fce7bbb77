import type { SESReceipt } from 'aws-lambda';

/**
 * Whether an inbound e-mail's sender is who the From header says. SES gives SPF, DKIM and DMARC verdicts; the
 * local SMTP server (and an S3-notified mail) only has the headers a receiving MTA added
 * (Authentication-Results, RFC 8601). DMARC failing decides; without a DMARC result, SPF and DKIM both
 * failing does; with no result at all the sender is unknown, which is not treated as failing.
 */
export type Authenticity = 'pass' | 'fail' | 'unknown';

type Verdict = 'pass' | 'fail' | 'none';

function decide(spf: Verdict, dkim: Verdict, dmarc: Verdict): Authenticity {
  if (dmarc === 'fail') return 'fail';
  if (dmarc === 'none' && spf === 'fail' && dkim === 'fail') return 'fail';
  if (dmarc === 'pass' || spf === 'pass' || dkim === 'pass') return 'pass';
  return 'unknown';
}

const sesVerdict = (status: string | undefined): Verdict =>
  status === 'PASS' ? 'pass' : status === 'FAIL' ? 'fail' : 'none';

export function sesAuthenticity(receipt: Pick<SESReceipt, 'spfVerdict' | 'dkimVerdict' | 'dmarcVerdict'>) {
  return decide(
    sesVerdict(receipt.spfVerdict?.status),
    sesVerdict(receipt.dkimVerdict?.status),
    sesVerdict(receipt.dmarcVerdict?.status),
  );
}

/** The verdicts of Authentication-Results headers (`spf=fail`, `dkim=pass`, `dmarc=fail (p=reject)`...). */
export function headerAuthenticity(authenticationResults: readonly string[]): Authenticity {
  const text = authenticationResults.join(';').toLowerCase();
  const method = (name: string): Verdict => {
    const results = [...text.matchAll(new RegExp(`\\b${name}=(\\w+)`, 'g'))].map((match) => match[1]);
    if (results.includes('fail') || results.includes('permerror')) return 'fail';
    if (results.includes('pass')) return 'pass';
    return 'none';
  };
  return decide(method('spf'), method('dkim'), method('dmarc'));
}

import { ptBR } from '@atende/shared/i18n/pt-BR';
import { Collapse, Typography } from 'antd';

const labels = ptBR.developers.webhooks;

/** How a receiver checks a delivery, with the Standard Webhooks reference library (any language has one). */
const SNIPPET = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.ATENDE_WEBHOOK_SECRET); // whsec_...

app.post('/webhooks/atende', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    // Verifica webhook-signature sobre "{webhook-id}.{webhook-timestamp}.{corpo}" e a janela de 5 minutos.
    const event = wh.verify(req.body.toString('utf8'), req.headers);
    // webhook-id se repete nas novas tentativas: use-o para ignorar duplicados.
    console.log(req.headers['webhook-id'], event.type, event.data);
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});`;

export function VerifySnippet() {
  return (
    <Collapse
      style={{ marginTop: 24 }}
      items={[
        {
          key: 'verify',
          label: labels.verifyTitle,
          children: (
            <>
              <Typography.Paragraph>{labels.verifyIntro}</Typography.Paragraph>
              <Typography.Paragraph copyable={{ text: SNIPPET }}>
                <pre data-testid="webhook-verify-snippet" style={{ whiteSpace: 'pre-wrap' }}>
                  {SNIPPET}
                </pre>
              </Typography.Paragraph>
            </>
          ),
        },
      ]}
    />
  );
}

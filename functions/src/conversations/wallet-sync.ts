import { conditionFailed, transactWrite } from '../lib/dynamo/transaction.ts';
import { config } from '../lib/config.ts';
import { walletOfCustomer } from './wallet-reach.ts';
import { conversationEntity } from './entities.ts';
import { customerWrites } from '../contacts/customer-record.ts';
import { CONVERSATION_LINK_PREFIX, customerEntity } from '../contacts/entities.ts';

const table = () => config().mainTable;
const PARALLEL = 8;

/**
 * The condition that the customer item is (still) in `wallet`; a missing customer counts as in no wallet.
 * Conversation creation and the wallet sync both write under it, so a copy never outlives a later change.
 */
export function customerWalletCondition(wallet: string | null) {
  return wallet === null
    ? {
        expression: '(attribute_not_exists(wallet) OR attribute_type(wallet, :walletNone))',
        values: { ':walletNone': 'NULL' },
      }
    : { expression: 'wallet = :wallet', values: { ':wallet': wallet } };
}

async function conversationsOf(companyId: string, customerId: string): Promise<string[]> {
  const links = await customerEntity.queryAll('record', [companyId, customerId], {
    sort: { beginsWith: CONVERSATION_LINK_PREFIX },
    ProjectionExpression: 'conversation',
  });
  return links.flatMap((item) => (typeof item.conversation === 'string' ? [item.conversation] : []));
}

type Outcome = 'copied' | 'gone' | 'superseded';

async function copyWallet(
  companyId: string,
  customerId: string,
  conversationId: string,
  wallet: string | null,
): Promise<Outcome> {
  const condition = customerWalletCondition(wallet);
  try {
    await transactWrite({
      customer: customerWrites.inWallet(companyId, customerId, condition),
      conversation: {
        Update: {
          TableName: table(),
          Key: conversationEntity.key(companyId, conversationId),
          UpdateExpression: 'SET wallet = :copy',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':copy': wallet },
        },
      },
    });
    return 'copied';
  } catch (error) {
    if (conditionFailed(error, 'customer')) return 'superseded';
    if (conditionFailed(error, 'conversation')) return 'gone';
    throw error;
  }
}

/**
 * Copies the customer's current wallet onto every conversation they had, so the inbox's wallet limit follows
 * a contact moved between wallets (or out of one). Each copy is conditioned on the customer still being in
 * that wallet: when a later change wins, its own sync writes the newer value and this one stops.
 */
export async function syncConversationWallet(companyId: string, customerId: string): Promise<number> {
  const item = await customerEntity.read(customerEntity.key(companyId, customerId), { attributes: 'wallet' });
  const wallet = walletOfCustomer(item ?? {});
  const ids = await conversationsOf(companyId, customerId);
  let copied = 0;
  for (let start = 0; start < ids.length; start += PARALLEL) {
    const outcomes = await Promise.all(
      ids.slice(start, start + PARALLEL).map((id) => copyWallet(companyId, customerId, id, wallet)),
    );
    if (outcomes.includes('superseded')) break;
    copied += outcomes.filter((outcome) => outcome === 'copied').length;
  }
  return copied;
}

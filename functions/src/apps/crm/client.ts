/** What the CRM sync needs of any CRM: a person mirroring a contact, and notes on it. */
export interface CrmPerson {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
}

export interface CrmClient {
  /** Creates the person, answering its id in the CRM. */
  createPerson(person: CrmPerson): Promise<string>;
  /** The person already holding this e-mail or phone, where the CRM can search (an idempotent create). */
  findPerson?(person: CrmPerson): Promise<string | undefined>;
  /** Updates it; false when the CRM no longer has it (deleted there), so the caller creates it again. */
  updatePerson(remoteId: string, person: CrmPerson): Promise<boolean>;
  /** Logs a closed conversation on the person (a note; RD Station Marketing: a conversion of its e-mail). */
  addNote(remoteId: string, html: string, person: CrmPerson): Promise<void>;
}

/** A failure worth retrying later (rate limit, CRM down, network): the event is redelivered. */
export class CrmRetryable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CrmRetryable';
  }
}

/** A refusal that repeating cannot fix (revoked token, rejected data): logged, the event is dropped. */
export class CrmRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CrmRejected';
  }
}

/** An OAuth app whose provider refused the refresh token for good: nothing syncs until an admin reconnects. */
export class CrmDisconnected extends CrmRejected {
  constructor(message: string) {
    super(message, 401);
    this.name = 'CrmDisconnected';
  }
}

/**
 * How one e-mail's parts are keyed, apart from the parser: senders need it too, and importing the inbound
 * parser (postal-mime) would put it into every Lambda that sends.
 */

/** Parts after the first of one e-mail are keyed `<Message-ID>#n`. */
export const PART_SEPARATOR = '#';

/** The e-mail's own Message-ID behind a part's providerMessageId: what a reply's In-Reply-To must name. */
export const emailMessageId = (providerMessageId: string) => providerMessageId.replace(/#\d+$/, '');

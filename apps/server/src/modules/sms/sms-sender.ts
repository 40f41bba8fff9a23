/** One text message: an Australian mobile in E.164 form (+614...) and the text, with no clinical detail. */
export type SmsMessage = { to: string; body: string };

/**
 * Sends a text message, or throws for the job runner to try again later. Answers the id the message got
 * (the gateway's, or the file's name), which the job keeps so that it does not send the message twice.
 */
export type SmsSender = {
  send(message: SmsMessage): Promise<{ id: string }>;
};

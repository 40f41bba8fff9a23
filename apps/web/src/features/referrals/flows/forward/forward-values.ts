/** A doctor of the chosen receiver, as the assignee picker offers them. */
export type ReceiverDoctor = { value: string; label: string };

export type ForwardValues = {
  forwarded_to_establishment: string;
  /** The chosen receiver's name and doctors, kept for the pages after it and for Back; not sent. */
  receiver_name: string;
  receiver_doctors: ReceiverDoctor[];
  forwarded_no_named_specialist: boolean;
  forwarded_assignee: string | null;
  forwarded_message: string;
  forwarded_reason: string | null;
  other_forwarded_reason: string;
  receiver_message: string;
};

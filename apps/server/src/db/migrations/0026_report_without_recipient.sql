-- A report on a MANUAL referral has no recipient establishment: its referrer is outside the product (recorded
-- by the receiver, referrals.manual_referrer) and reads it as its letter, printed or sent by the author.
ALTER TABLE "reports" ALTER COLUMN "recipient_establishment_id" DROP NOT NULL;

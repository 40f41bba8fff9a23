-- visible_patients (0010) is kept by triggers that recomputed a patient's every row from every referral,
-- MRN and owner of the patient, under `SELECT ... FOR UPDATE` on the patient row. Two inserts naming one
-- patient deadlocked: each insert's foreign key check already held KEY SHARE on the patient row, and FOR
-- UPDATE conflicts with KEY SHARE, so each waited for the other (issue 24). The recomputation also grew
-- with the patient's referrals and ran on every status change.
--
-- The triggers below change only the (establishment, patient) pairs whose reasons changed, and take the
-- patient row's lock in one of two modes that never conflict with KEY SHARE (docs/patients.md, Lock order):
--   * a reason added (a referral created, or submitted, naming an establishment) takes FOR SHARE and inserts
--     the pair when it is missing. Shared locks do not conflict with each other, so any number of writes
--     about one patient add reasons at once;
--   * a reason removed (a referral deleted or recalled to a draft), any MRN change (it sets a flag of a pair
--     that may exist), a patient's searched columns, owner or status changed, takes FOR NO KEY UPDATE (as an
--     UPDATE of the patient row itself does) and recomputes the pairs concerned from committed data. It waits for the writes that hold FOR
--     SHARE to commit and they wait for it, so a pair is never removed while a reason for it is being added.
-- Only FOR UPDATE (which no write here takes) conflicts with a foreign key's KEY SHARE, so no trigger
-- upgrades a lock the row's insert already took.
DROP TRIGGER visible_patients_follow_patients ON patients;
--> statement-breakpoint
DROP TRIGGER visible_patients_follow_mrns ON patient_mrns;
--> statement-breakpoint
DROP TRIGGER visible_patients_follow_referrals ON referrals;
--> statement-breakpoint
DROP FUNCTION visible_patients_follow();
--> statement-breakpoint
DROP FUNCTION visible_patients_refresh(uuid);
--> statement-breakpoint
-- One pair's row as visible_patients_expected has it (none when the establishment has no reason to see the
-- patient), read through the indexes on patient_id rather than the view's whole-patient grouping.
CREATE FUNCTION visible_patients_pair(patient uuid, establishment uuid) RETURNS SETOF visible_patients
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT establishment, p.id, lower(p.last_name), lower(p.first_name), p.pub_insurance_details, p.dob,
    p.status, p.is_imported, p.establishment_id = establishment, mrn.held
  FROM patients p
  CROSS JOIN LATERAL (
    SELECT EXISTS (SELECT 1 FROM patient_mrns m WHERE m.patient_id = p.id AND m.establishment_id = establishment)
  ) AS mrn(held)
  WHERE p.id = patient AND p.status <> 'deleted'
    AND (p.establishment_id = establishment OR mrn.held
      OR EXISTS (SELECT 1 FROM referrals r WHERE r.patient_id = p.id AND NOT r.is_deleted
        AND r.from_establishment_id = establishment)
      OR EXISTS (SELECT 1 FROM referrals r WHERE r.patient_id = p.id AND NOT r.is_deleted
        AND r.status <> 'DRFT' AND r.to_establishment_id = establishment));
$$;
--> statement-breakpoint
-- Reasons added: the pairs that are missing are inserted; the patient row is held FOR SHARE until commit,
-- so no removal of the same patient runs between this and the commit.
CREATE FUNCTION visible_patients_add(patient uuid, establishments uuid[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM 1 FROM patients WHERE id = patient FOR SHARE;
  -- In establishment order: two first inserts of the same two pairs wait for each other in one order only.
  INSERT INTO visible_patients
    SELECT pair.* FROM (SELECT DISTINCT unnest(establishments)) AS e(id)
    CROSS JOIN LATERAL visible_patients_pair(patient, e.id) AS pair
    ORDER BY e.id
  ON CONFLICT DO NOTHING;
END;
$$;
--> statement-breakpoint
-- Reasons removed or changed: the pairs are recomputed from committed data under FOR NO KEY UPDATE. With
-- `establishments` null, every pair of the patient (an owner, status or name change).
CREATE FUNCTION visible_patients_recompute(patient uuid, establishments uuid[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM 1 FROM patients WHERE id = patient FOR NO KEY UPDATE;
  IF establishments IS NULL THEN
    DELETE FROM visible_patients WHERE patient_id = patient;
    INSERT INTO visible_patients SELECT * FROM visible_patients_expected WHERE patient_id = patient;
  ELSE
    DELETE FROM visible_patients WHERE patient_id = patient AND establishment_id = ANY (establishments);
    INSERT INTO visible_patients
      SELECT pair.* FROM (SELECT DISTINCT unnest(establishments)) AS e(id)
      CROSS JOIN LATERAL visible_patients_pair(patient, e.id) AS pair
      ORDER BY e.id;
  END IF;
END;
$$;
--> statement-breakpoint
-- The establishments a referral row gives a reason to see its patient: its sender, and its receiver once
-- it is no longer a draft; none while it is deleted.
CREATE FUNCTION visible_patients_referral_reasons(r referrals) RETURNS uuid[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN r.patient_id IS NULL OR r.is_deleted THEN '{}'::uuid[]
    ELSE array_remove(ARRAY[r.from_establishment_id,
      CASE WHEN r.status <> 'DRFT' THEN r.to_establishment_id END], NULL) END;
$$;
--> statement-breakpoint
CREATE FUNCTION visible_patients_follow_referral() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  before uuid[] := CASE WHEN TG_OP = 'INSERT' THEN '{}' ELSE visible_patients_referral_reasons(OLD) END;
  after uuid[] := CASE WHEN TG_OP = 'DELETE' THEN '{}' ELSE visible_patients_referral_reasons(NEW) END;
  removed uuid[];
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.patient_id IS NOT NULL THEN
    -- The reasons the old row gave and the new one no longer gives for the same patient.
    SELECT coalesce(array_agg(e), '{}') INTO removed FROM unnest(before) AS e
      WHERE TG_OP = 'DELETE' OR NEW.patient_id IS DISTINCT FROM OLD.patient_id OR NOT e = ANY (after);
    IF cardinality(removed) > 0 THEN
      -- Recomputed together with what is added for the same patient: one lock, taken once.
      IF TG_OP = 'UPDATE' AND NEW.patient_id = OLD.patient_id THEN
        PERFORM visible_patients_recompute(OLD.patient_id, removed || after);
        RETURN NULL;
      END IF;
      PERFORM visible_patients_recompute(OLD.patient_id, removed);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.patient_id IS NOT NULL AND cardinality(after) > 0 THEN
    PERFORM visible_patients_add(NEW.patient_id, after);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER visible_patients_follow_referral_insert AFTER INSERT ON referrals
  FOR EACH ROW WHEN (NEW.patient_id IS NOT NULL) EXECUTE FUNCTION visible_patients_follow_referral();
--> statement-breakpoint
-- Most updates (an accept, a schedule, a read) change no reason and do not reach the function at all.
CREATE TRIGGER visible_patients_follow_referral_update AFTER UPDATE ON referrals
  FOR EACH ROW WHEN (visible_patients_referral_reasons(OLD) IS DISTINCT FROM visible_patients_referral_reasons(NEW)
    OR OLD.patient_id IS DISTINCT FROM NEW.patient_id)
  EXECUTE FUNCTION visible_patients_follow_referral();
--> statement-breakpoint
CREATE TRIGGER visible_patients_follow_referral_delete AFTER DELETE ON referrals
  FOR EACH ROW WHEN (OLD.patient_id IS NOT NULL) EXECUTE FUNCTION visible_patients_follow_referral();
--> statement-breakpoint
CREATE FUNCTION visible_patients_follow_mrn() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  -- holds_mrn changes on a pair that may exist already, so an MRN recomputes its pair rather than adding it.
  IF TG_OP <> 'INSERT' THEN
    PERFORM visible_patients_recompute(OLD.patient_id, ARRAY[OLD.establishment_id]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM visible_patients_recompute(NEW.patient_id, ARRAY[NEW.establishment_id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER visible_patients_follow_mrns
  AFTER INSERT OR UPDATE OF patient_id, establishment_id OR DELETE
  ON patient_mrns FOR EACH ROW EXECUTE FUNCTION visible_patients_follow_mrn();
--> statement-breakpoint
CREATE FUNCTION visible_patients_follow_patient() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Nobody else can see the new row yet: its owner's pair needs no lock.
    INSERT INTO visible_patients SELECT * FROM visible_patients_pair(NEW.id, NEW.establishment_id);
  ELSIF NEW.establishment_id IS DISTINCT FROM OLD.establishment_id OR NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM visible_patients_recompute(NEW.id, NULL);
  ELSE
    -- The UPDATE holds the row FOR NO KEY UPDATE already: the copies change under the recompute's lock.
    UPDATE visible_patients SET last_name_key = lower(NEW.last_name), first_name_key = lower(NEW.first_name),
      pub_insurance_details = NEW.pub_insurance_details, dob = NEW.dob, is_imported = NEW.is_imported
    WHERE patient_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER visible_patients_follow_patient_insert AFTER INSERT ON patients
  FOR EACH ROW EXECUTE FUNCTION visible_patients_follow_patient();
--> statement-breakpoint
-- A save that leaves the searched columns and the owner as they were (most saves) changes no row.
CREATE TRIGGER visible_patients_follow_patient_update AFTER UPDATE ON patients
  FOR EACH ROW WHEN ((OLD.establishment_id, OLD.first_name, OLD.last_name, OLD.pub_insurance_details, OLD.dob,
    OLD.status, OLD.is_imported) IS DISTINCT FROM (NEW.establishment_id, NEW.first_name, NEW.last_name,
    NEW.pub_insurance_details, NEW.dob, NEW.status, NEW.is_imported))
  EXECUTE FUNCTION visible_patients_follow_patient();
--> statement-breakpoint
DO $$
BEGIN
  REVOKE EXECUTE ON FUNCTION visible_patients_pair(uuid, uuid) FROM PUBLIC;
  REVOKE EXECUTE ON FUNCTION visible_patients_add(uuid, uuid[]) FROM PUBLIC;
  REVOKE EXECUTE ON FUNCTION visible_patients_recompute(uuid, uuid[]) FROM PUBLIC;
END
$$;

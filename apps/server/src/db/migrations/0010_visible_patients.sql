CREATE TABLE "visible_patients" (
	"establishment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"last_name_key" text NOT NULL,
	"first_name_key" text NOT NULL,
	"pub_insurance_details" text,
	"dob" date,
	"status" text NOT NULL,
	"is_imported" boolean NOT NULL,
	"owns" boolean NOT NULL,
	"holds_mrn" boolean NOT NULL,
	CONSTRAINT "visible_patients_establishment_id_patient_id_pk" PRIMARY KEY("establishment_id","patient_id")
);
--> statement-breakpoint
DROP INDEX "patients_last_name_prefix_idx";--> statement-breakpoint
DROP INDEX "patients_first_name_prefix_idx";--> statement-breakpoint
DROP INDEX "patients_medicare_prefix_idx";--> statement-breakpoint
--> statement-breakpoint
-- visible_patients is derived data: the triggers below keep it, in the same transaction as the change they
-- follow, and only they write it (the functions run as the owner; the runtime role may only read the
-- table), so a bug in the server cannot widen what an establishment sees. What it should hold is this view;
-- a filter on patient_id reaches inside it, so refreshing one patient reads only that patient's rows.
CREATE VIEW visible_patients_expected AS
  SELECT reason.establishment_id, p.id AS patient_id, lower(p.last_name) AS last_name_key,
    lower(p.first_name) AS first_name_key, p.pub_insurance_details, p.dob, p.status, p.is_imported,
    bool_or(reason.kind = 'owner') AS owns, bool_or(reason.kind = 'mrn') AS holds_mrn
  FROM patients p
  CROSS JOIN LATERAL (
    SELECT p.establishment_id, 'owner' AS kind
    UNION ALL
    SELECT m.establishment_id, 'mrn' FROM patient_mrns m WHERE m.patient_id = p.id
    UNION ALL
    SELECT r.from_establishment_id, 'referral' FROM referrals r
      WHERE r.patient_id = p.id AND NOT r.is_deleted AND r.from_establishment_id IS NOT NULL
    UNION ALL
    SELECT r.to_establishment_id, 'referral' FROM referrals r
      WHERE r.patient_id = p.id AND NOT r.is_deleted AND r.status <> 'DRFT' AND r.to_establishment_id IS NOT NULL
  ) reason
  WHERE p.status <> 'deleted'
  GROUP BY reason.establishment_id, p.id;
--> statement-breakpoint
CREATE FUNCTION visible_patients_refresh(patient uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF patient IS NULL THEN
    RETURN;
  END IF;
  -- Changes about one patient take turns, so each recomputes from what the one before it committed.
  PERFORM 1 FROM patients WHERE id = patient FOR UPDATE;
  DELETE FROM visible_patients WHERE patient_id = patient;
  INSERT INTO visible_patients SELECT * FROM visible_patients_expected WHERE patient_id = patient;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION visible_patients_follow() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_TABLE_NAME = 'patients' THEN
    PERFORM visible_patients_refresh(NEW.id);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM visible_patients_refresh(OLD.patient_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.patient_id IS DISTINCT FROM OLD.patient_id) THEN
    PERFORM visible_patients_refresh(NEW.patient_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER visible_patients_follow_patients
  AFTER INSERT OR UPDATE OF establishment_id, first_name, last_name, pub_insurance_details, dob, status, is_imported
  ON patients FOR EACH ROW EXECUTE FUNCTION visible_patients_follow();
--> statement-breakpoint
CREATE TRIGGER visible_patients_follow_mrns
  AFTER INSERT OR UPDATE OF patient_id, establishment_id OR DELETE
  ON patient_mrns FOR EACH ROW EXECUTE FUNCTION visible_patients_follow();
--> statement-breakpoint
CREATE TRIGGER visible_patients_follow_referrals
  AFTER INSERT OR UPDATE OF patient_id, status, is_deleted, from_establishment_id, to_establishment_id OR DELETE
  ON referrals FOR EACH ROW EXECUTE FUNCTION visible_patients_follow();
--> statement-breakpoint
INSERT INTO visible_patients SELECT * FROM visible_patients_expected;
--> statement-breakpoint
DO $$
DECLARE
  app_role text := left(current_database() || '_app', 63);
BEGIN
  EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON visible_patients FROM %I', app_role);
  EXECUTE format('REVOKE ALL ON visible_patients_expected FROM %I', app_role);
  REVOKE EXECUTE ON FUNCTION visible_patients_refresh(uuid) FROM PUBLIC;
END
$$;

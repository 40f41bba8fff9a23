-- Issue 24, the write path's cost: a referral's create and submit each reached visible_patients_add, which
-- computed every named pair through visible_patients_pair, a SQL function that cannot be inlined (SECURITY
-- DEFINER, SET search_path) and so is planned again on every call: about 1.5 ms of PostgreSQL's time a
-- call, a third of its time on the write path, although the pair almost always exists already and ON
-- CONFLICT then drops the row computed.
--
-- Now visible_patients_add computes only the pairs that are missing (a pair, once there, is kept by the
-- recomputations of 0018, never by an add), and visible_patients_pair is PL/pgSQL, whose plans a session
-- keeps. The locks and their order are those of 0018 (docs/patients.md, Lock order): the patient row FOR
-- SHARE first, then the pairs in establishment order. Two writes that both find a pair missing still both
-- compute it, and ON CONFLICT keeps the first, as before.
CREATE OR REPLACE FUNCTION visible_patients_pair(patient uuid, establishment uuid) RETURNS SETOF visible_patients
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  RETURN QUERY
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
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visible_patients_add(patient uuid, establishments uuid[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM 1 FROM patients WHERE id = patient FOR SHARE;
  -- In establishment order: two first inserts of the same two pairs wait for each other in one order only.
  INSERT INTO visible_patients
    SELECT pair.* FROM (SELECT DISTINCT unnest(establishments)) AS e(id)
    CROSS JOIN LATERAL visible_patients_pair(patient, e.id) AS pair
    WHERE NOT EXISTS (
      SELECT 1 FROM visible_patients v WHERE v.establishment_id = e.id AND v.patient_id = patient)
    ORDER BY e.id
  ON CONFLICT DO NOTHING;
END;
$$;

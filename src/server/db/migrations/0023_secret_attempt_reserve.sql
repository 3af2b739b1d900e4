-- The throttle's reservation as one statement (repos/throttle.ts; docs/decisions.md "The morning login: one
-- statement…"). It was a transaction of five round trips holding the address's advisory lock throughout: under a
-- team's load each round trip waited for a busy event loop, and fifty colleagues behind one address queued on that
-- lock (mean 1.9 s, p99 8.6 s a login). Here the locks are held only while PostgreSQL runs the function. Each query
-- of a VOLATILE plpgsql function takes a new snapshot, so the rows read after the locks include every reservation
-- committed by the previous holder. Times are epoch milliseconds, as the server computes them.
-- The delay before the next attempt of a key that already has `n` attempts in the window: none below the limit, then
-- the first delay doubling, at most `steps` of it.
CREATE FUNCTION secret_attempt_delay(n integer, max_attempts integer, first_delay_ms double precision, steps integer)
RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN n < max_attempts THEN 0 ELSE least(steps::double precision, power(2::double precision, least(n - max_attempts, 60))) * first_delay_ms END
$$;--> statement-breakpoint
CREATE FUNCTION secret_attempt_reserve(
	p_scope varchar, p_subject varchar, p_address varchar, p_now_ms double precision, p_max_attempts integer,
	p_window_ms double precision, p_first_delay_ms double precision, p_max_delay_steps integer, p_in_flight_allowance integer
) RETURNS TABLE (reserved_id uuid, slot_ms double precision, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	since timestamptz := to_timestamp((p_now_ms - p_window_ms) / 1000);
	max_delay double precision := p_max_delay_steps * p_first_delay_ms;
	pair_nth double precision;
	subject_count integer;
	subject_last double precision;
	address_failed integer;
	address_count integer;
	address_last double precision;
	slot double precision := p_now_ms;
BEGIN
	-- Always the subject's lock first, then the address's: no two reservations wait on each other in a circle.
	PERFORM pg_advisory_xact_lock(7301, hashtext(p_scope || ':' || p_subject));
	PERFORM pg_advisory_xact_lock(7302, hashtext(p_scope || ':' || p_address));
	-- Hard per (subject, address): past max attempts in the window, refused until the oldest counted one leaves it.
	SELECT extract(epoch FROM a.at) * 1000 INTO pair_nth FROM secret_attempt a
	WHERE a.scope = p_scope AND a.subject = p_subject AND a.address = p_address AND a.at > since
	ORDER BY a.at DESC OFFSET p_max_attempts - 1 LIMIT 1;
	IF pair_nth IS NOT NULL THEN
		RETURN QUERY SELECT NULL::uuid, NULL::double precision, greatest(1, ceil((pair_nth + p_window_ms - p_now_ms) / 1000))::integer;
		RETURN;
	END IF;
	-- Soft per subject: each attempt past the limit one delay after the previous one, doubling.
	SELECT count(*), max(extract(epoch FROM a.at) * 1000) INTO subject_count, subject_last FROM secret_attempt a
	WHERE a.scope = p_scope AND a.subject = p_subject AND a.at > since;
	IF subject_count > 0 THEN
		slot := greatest(slot, subject_last + secret_attempt_delay(subject_count, p_max_attempts, p_first_delay_ms, p_max_delay_steps));
	END IF;
	-- Soft per address: its failures, and its attempts in flight beyond the allowance (the newest); once it has failed
	-- max attempts times, every attempt of it.
	SELECT count(*) FILTER (WHERE a.failed_at IS NOT NULL) INTO address_failed FROM secret_attempt a
	WHERE a.scope = p_scope AND a.address = p_address AND a.at > since;
	SELECT count(*), max(extract(epoch FROM c.at) * 1000) INTO address_count, address_last FROM (
		SELECT a.at FROM secret_attempt a
		WHERE a.scope = p_scope AND a.address = p_address AND a.at > since AND (a.failed_at IS NOT NULL OR address_failed >= p_max_attempts)
		UNION ALL
		(SELECT a.at FROM secret_attempt a
		WHERE a.scope = p_scope AND a.address = p_address AND a.at > since AND a.failed_at IS NULL AND address_failed < p_max_attempts
		ORDER BY a.at OFFSET p_in_flight_allowance)
	) c;
	IF address_count > 0 THEN
		slot := greatest(slot, address_last + secret_attempt_delay(address_count, p_max_attempts, p_first_delay_ms, p_max_delay_steps));
	END IF;
	IF slot - p_now_ms > max_delay THEN
		RETURN QUERY SELECT NULL::uuid, NULL::double precision, greatest(1, ceil((slot - p_now_ms - max_delay) / 1000))::integer;
		RETURN;
	END IF;
	RETURN QUERY INSERT INTO secret_attempt (scope, subject, address, at)
		VALUES (p_scope, p_subject, p_address, to_timestamp(slot / 1000))
		RETURNING secret_attempt.id, slot, NULL::integer;
END;
$$;

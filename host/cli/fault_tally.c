/*
 * Fault accounting summed over launches and device contexts (fault_tally.h).
 */
#include "fault_tally.h"

static uint64_t up(uint64_t a, uint64_t b) { return b > a ? b - a : 0; }

void fault_tally_delta(struct fault_tally *t, const struct uvm_session_stats *a, const struct uvm_session_stats *b)
{
    const struct uvm_fault_counters *ha = &a->host, *hb = &b->host;
    uint64_t mig_a = ha->pages_in - ha->prefetched, mig_b = hb->pages_in - hb->prefetched;
    t->launches++;
    t->records += up(ha->faults, hb->faults);
    t->unique += up(ha->unique_faults, hb->unique_faults);
    t->migrated += up(mig_a, mig_b);
    t->remote += up(ha->remote_faults, hb->remote_faults);
    t->resident += up(ha->already_resident, hb->already_resident);
    t->outside += up(ha->invalid, hb->invalid);
    t->failed += up(ha->failed_faults, hb->failed_faults);
    t->failures += up(ha->failures, hb->failures);
    t->given_up += up(ha->given_up, hb->given_up);
    t->pages_in += up(ha->pages_in, hb->pages_in);
    t->forwarded += up(a->fw.forwarded, b->fw.forwarded);
    t->evictions += up(a->fw.evictions, b->fw.evictions);
    t->writebacks += up(a->fw.writebacks, b->fw.writebacks);
}

void fault_tally_add(struct fault_tally *t, const struct fault_tally *u)
{
    t->launches += u->launches;
    t->records += u->records;
    t->unique += u->unique;
    t->migrated += u->migrated;
    t->remote += u->remote;
    t->resident += u->resident;
    t->outside += u->outside;
    t->failed += u->failed;
    t->failures += u->failures;
    t->given_up += u->given_up;
    t->pages_in += u->pages_in;
    t->forwarded += u->forwarded;
    t->evictions += u->evictions;
    t->writebacks += u->writebacks;
}

static uint64_t served(const struct fault_tally *t)
{
    return t->migrated + t->remote + t->resident + t->outside + t->failed;
}

uint64_t fault_tally_lost(const struct fault_tally *t)
{
    return up(t->records, t->forwarded) + up(served(t), t->unique);
}

uint64_t fault_tally_duplicated(const struct fault_tally *t)
{
    return up(t->forwarded, t->records) + up(t->unique, served(t));
}

void fault_tally_print_sums(FILE *f, const struct fault_tally *t)
{
    fprintf(f,
            "unique %llu = migrated %llu + remote %llu + already resident %llu + outside %llu + failed %llu; "
            "records %llu = unique + %llu folded on the host; forwarded by the device %llu",
            (unsigned long long)t->unique, (unsigned long long)t->migrated, (unsigned long long)t->remote,
            (unsigned long long)t->resident, (unsigned long long)t->outside, (unsigned long long)t->failed,
            (unsigned long long)t->records, (unsigned long long)up(t->unique, t->records),
            (unsigned long long)t->forwarded);
}

void fault_tally_print(FILE *f, const char *prefix, const struct fault_tally *t)
{
    fprintf(f, "%slaunches %llu; faults %llu (", prefix, (unsigned long long)t->launches,
            (unsigned long long)t->records);
    fault_tally_print_sums(f, t);
    fprintf(f, "); failures %llu; pages in %llu, evictions %llu, write-backs %llu; lost %llu, duplicated %llu\n",
            (unsigned long long)t->failures, (unsigned long long)t->pages_in, (unsigned long long)t->evictions,
            (unsigned long long)t->writebacks, (unsigned long long)fault_tally_lost(t),
            (unsigned long long)fault_tally_duplicated(t));
}

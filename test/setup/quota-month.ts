// How long until the quota's next period (the next UTC calendar month) begins.
export function msUntilNextQuotaMonth(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime();
}

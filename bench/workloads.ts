// The benchmark documents: a one-page invoice and a long tabular report, built deterministically.

export interface Workload {
  readonly name: string;
  readonly html: string;
  /** Stop after this many timed runs even if the time budget is not used up. */
  readonly maxIterations: number;
}

const ITEMS = ['Design consultation', 'Frontend development', 'Backend development', 'Code review', 'Hosting (monthly)', 'Support hours', 'Database migration', 'Security audit'];
const CUSTOMERS = ['Acme Corp', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises', 'Wonka Industries'];
const REGIONS = ['North', 'South', 'East', 'West'];

/** A one-page invoice: header block, addresses, a 20-line item table with zebra rows, totals. */
export function invoiceHtml(): string {
  let subtotal = 0;
  const rows = Array.from({ length: 20 }, (_, i) => {
    const qty = (i % 5) + 1;
    const price = 40 + ((i * 37) % 160);
    subtotal += qty * price;
    return `<tr><td>${i + 1}</td><td>${ITEMS[i % ITEMS.length]}</td><td class="num">${qty}</td><td class="num">${money(price)}</td><td class="num">${money(qty * price)}</td></tr>`;
  }).join('\n');
  const tax = Math.round(subtotal * 0.2);
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Invoice 2024-0042</title>
<style>
  body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: #222; }
  h1 { font-size: 22pt; margin: 0 0 4pt; color: #1d3557; }
  .header { display: flex; justify-content: space-between; border-bottom: 3px solid #1d3557; padding-bottom: 8pt; margin-bottom: 12pt; }
  .meta { text-align: right; font-size: 9pt; color: #555; }
  .parties { display: flex; justify-content: space-between; margin-bottom: 14pt; }
  .party { width: 45%; background: #f1faee; border: 1px solid #a8dadc; padding: 6pt 8pt; }
  .party h2 { font-size: 9pt; text-transform: uppercase; margin: 0 0 4pt; color: #457b9d; }
  table { width: 100%; border-collapse: collapse; }
  th { background: #1d3557; color: #fff; text-align: left; padding: 4pt 6pt; font-weight: bold; }
  td { padding: 3pt 6pt; border-bottom: 1px solid #ddd; }
  tr:nth-child(even) td { background: #f6f6f6; }
  .num { text-align: right; }
  .totals { margin-top: 10pt; margin-left: auto; width: 40%; }
  .totals td { border: none; }
  .totals .grand td { font-weight: bold; font-size: 12pt; border-top: 2px solid #1d3557; background: #e8f0f8; }
  .note { margin-top: 18pt; font-family: Georgia, 'Times New Roman', serif; font-style: italic; color: #666; }
</style></head>
<body>
  <div class="header">
    <div><h1>Invoice</h1><div>Northwind Consulting Ltd · 12 Harbour Street · Bristol</div></div>
    <div class="meta">Invoice no. 2024-0042<br>Issued 15 January 2024<br>Due 14 February 2024</div>
  </div>
  <div class="parties">
    <div class="party"><h2>From</h2>Northwind Consulting Ltd<br>12 Harbour Street<br>Bristol BS1 4QA</div>
    <div class="party"><h2>Bill to</h2>Acme Corp<br>500 Industrial Way<br>Springfield 49007</div>
  </div>
  <table>
    <thead><tr><th>#</th><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
    <tbody>
${rows}
    </tbody>
  </table>
  <table class="totals">
    <tr><td>Subtotal</td><td class="num">${money(subtotal)}</td></tr>
    <tr><td>VAT 20%</td><td class="num">${money(tax)}</td></tr>
    <tr class="grand"><td>Total due</td><td class="num">${money(subtotal + tax)}</td></tr>
  </table>
  <p class="note">Thank you for your business. Payment by bank transfer within 30 days.</p>
</body></html>`;
}

/** A report of `rows` rows under a repeating thead, spanning many pages. */
export function reportHtml(rows: number): string {
  const body = Array.from({ length: rows }, (_, i) => {
    const qty = ((i * 7) % 23) + 1;
    const price = 5 + ((i * 13) % 95);
    const day = (i % 28) + 1;
    return `<tr><td>${i + 1}</td><td>2024-${String((i % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}</td><td>${CUSTOMERS[i % CUSTOMERS.length]}</td><td>${REGIONS[i % REGIONS.length]}</td><td>${ITEMS[(i * 3) % ITEMS.length]}</td><td class="num">${qty}</td><td class="num">${money(price)}</td><td class="num">${money(qty * price)}</td></tr>`;
  }).join('\n');
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Sales report</title>
<style>
  body { font-family: Arial, sans-serif; font-size: 8.5pt; color: #222; }
  h1 { font-size: 16pt; margin: 0 0 8pt; }
  table { width: 100%; border-collapse: collapse; }
  thead th { background: #333; color: #fff; text-align: left; padding: 3pt 4pt; }
  td { padding: 2pt 4pt; border-bottom: 0.5pt solid #ccc; }
  tbody tr:nth-child(odd) td { background: #f4f4f4; }
  .num { text-align: right; }
</style></head>
<body>
  <h1>Sales report — ${rows} transactions</h1>
  <table>
    <thead><tr><th>#</th><th>Date</th><th>Customer</th><th>Region</th><th>Product</th><th class="num">Qty</th><th class="num">Price</th><th class="num">Total</th></tr></thead>
    <tbody>
${body}
    </tbody>
  </table>
</body></html>`;
}

export function workloads(): Workload[] {
  return [
    { name: 'invoice (20 items)', html: invoiceHtml(), maxIterations: 1000 },
    { name: 'report (1000 rows)', html: reportHtml(1000), maxIterations: 100 },
  ];
}

function money(value: number): string {
  return `$${value.toFixed(2)}`;
}

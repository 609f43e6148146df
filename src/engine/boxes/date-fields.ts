// Date and time inputs as Chromium prints them in the en-US locale: the value formatted
// ("03/05/2024", "01:45 PM", "March 2024", "Week 10, 2024"), or the empty format
// ("mm/dd/yyyy"), in a field sized in character cells as measured against Chromium.

export interface DateField {
  /** The text the field shows. */
  readonly text: string;
  /** The text in order as Chromium lays it out: its editable parts (fields, padded 1px each side) and the literals between. */
  readonly parts: readonly { readonly text: string; readonly editable: boolean }[];
  /** Content width in advances of '0' of the field's font, plus `fixed` px (the picker icon's room). */
  readonly cells: number;
  readonly fixed: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Content widths measured in Chromium at 13.333px monospace and 20px: cells × '0' + 11px. */
const CELLS: Readonly<Record<string, number>> = { date: 13.62, 'datetime-local': 24.34, month: 17.36, week: 16.36, time: 10.97 };
const FIXED = 10.98;

const EMPTY: Readonly<Record<string, string>> = {
  date: 'mm/dd/yyyy', 'datetime-local': 'mm/dd/yyyy, --:-- --', month: '--------- ----', week: 'Week --, ----', time: '--:-- --',
};

/** Whether an input type is one of the date and time fields. */
export function isDateType(type: string): boolean {
  return type in CELLS;
}

function formatDate(value: string): string | null {
  const m = /^(\d{4,})-(\d\d)-(\d\d)$/.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[3]) < 1 || Number(m[3]) > 31) return null;
  return `${m[2]}/${m[3]}/${m[1]}`;
}

function formatTime(value: string): string | null {
  const m = /^(\d\d):(\d\d)(?::(\d\d)(?:\.\d{1,3})?)?$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || (m[3] !== undefined && Number(m[3]) > 59)) return null;
  const hours = Number(m[1]);
  const h12 = String(hours % 12 === 0 ? 12 : hours % 12).padStart(2, '0');
  return `${h12}:${m[2]}${m[3] !== undefined ? `:${m[3]}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}

function format(type: string, value: string): string | null {
  switch (type) {
    case 'date': return formatDate(value);
    case 'time': return formatTime(value);
    case 'datetime-local': {
      const m = /^([^T ]+)[T ](.+)$/.exec(value);
      const date = m && formatDate(m[1]);
      const time = m && formatTime(m[2]);
      return date && time ? `${date}, ${time}` : null;
    }
    case 'month': {
      const m = /^(\d{4,})-(\d\d)$/.exec(value);
      return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : null;
    }
    case 'week': {
      const m = /^(\d{4,})-W(\d\d)$/.exec(value);
      return m && Number(m[2]) >= 1 && Number(m[2]) <= 53 ? `Week ${m[2]}, ${m[1]}` : null;
    }
    default: return null;
  }
}

/** The field of a date or time input: its formatted value, else the empty format (an invalid value is none). */
export function dateField(type: string, value: string): DateField {
  const text = format(type, value.trim()) ?? EMPTY[type];
  return { text, parts: partsOf(text, type), cells: CELLS[type], fixed: FIXED };
}

/** Runs of letters, digits or dashes are editable (a week field's leading "Week" is not); the separators between are literals. */
function partsOf(text: string, type: string): DateField['parts'] {
  const parts: { text: string; editable: boolean }[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9-]+|[^A-Za-z0-9-]+/g)) {
    const editable = /^[A-Za-z0-9-]/.test(m[0]) && !(type === 'week' && m.index === 0);
    parts.push({ text: m[0], editable });
  }
  return parts;
}

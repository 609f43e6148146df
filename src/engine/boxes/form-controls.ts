// Form controls as Chromium prints them: the boxes of <input>, <select>, <textarea>, <button>,
// <progress> and <meter>, with the content Blink gives them (value, placeholder, password bullets,
// selected option, button labels, check marks) and the sizes it computes (size, cols, rows).
import type { Element } from 'domhandler';
import type { BorderSide, Color, ComputedStyle, Display, LengthPercentage } from '../css/types.js';
import { computeFontWeight } from '../css/values/font.js';
import { dateField, isDateType, type DateField } from './date-fields.js';
import { buildFieldset } from './fieldset.js';
import { isChecked } from './radio-groups.js';
import { barImage, styledBarImage, type BarPart, calendarImage, checkboxImage, clockImage, radioImage, rangeImage, resizeGripImage, selectArrowImage } from './form-control-images.js';
import type { BlockBox, Box, FlexBox, ReplacedBox } from './types.js';

/** The font measurements control sizes need; layout/control-fonts.ts gives them from the document's fonts. */
export interface ControlFonts {
  /** Blink's average and widest character widths of the style's primary font, px, rounded as Blink rounds them; max 0 when unknown. */
  charWidths(style: ComputedStyle): { readonly avg: number; readonly max: number };
  /** Advance width of `text` in the style's fonts, px. */
  measure(text: string, style: ComputedStyle): number;
  /** The height of one line in this style, px. */
  lineHeight(style: ComputedStyle): number;
  /** The primary font's ascent plus descent, each rounded to whole px, as Blink gives a drop-down's text. */
  textHeight(style: ComputedStyle): number;
}

/** What the box builder lends the control builder. */
export interface ControlContext {
  readonly fonts: ControlFonts | undefined;
  anonymousStyle(parent: ComputedStyle, display: Display): ComputedStyle;
  /** Text boxes for `text` in `style`, white space processed as the style says. */
  text(text: string, style: ComputedStyle): Box[];
  /** The element's own children, built as usual in `style`. */
  children(style: ComputedStyle): Box[];
  /** A block container of `children` (mixed content wrapped in anonymous blocks). */
  block(style: ComputedStyle, element: Element | null, children: Box[], level: 'block' | 'inline'): BlockBox;
  /** The computed style of a descendant the control draws itself (an option of a list box), under `parent`. */
  elementStyle(element: Element, parent: ComputedStyle): ComputedStyle;
  /** The style of one of the element's parts (`::-webkit-progress-value`). */
  partStyle(element: Element, style: ComputedStyle, part: '-webkit-progress-bar' | '-webkit-progress-value' | 'placeholder' | 'file-selector-button'): ComputedStyle;
  /** An anonymous block-level flex or grid container of `children` (blockified into items). */
  container(style: ComputedStyle, children: Box[], kind: 'flex' | 'grid'): Box;
}

const CONTROLS: ReadonlySet<string> = new Set(['input', 'select', 'textarea', 'button', 'progress', 'meter', 'fieldset']);

/** Whether the element is one the control builder makes boxes for. */
export function isFormControl(element: Element): boolean {
  return CONTROLS.has(element.name);
}

/** Input types printed as a one-line text field (an unknown type is a text field, as HTML says). */
const NOT_TEXT: ReadonlySet<string> = new Set(['hidden', 'image', 'checkbox', 'radio', 'submit', 'reset', 'button', 'file']);

const BUTTON_LABELS: Readonly<Record<string, string>> = { submit: 'Submit', reset: 'Reset', button: '' };

const THEME_BORDER: Color = { r: 0x76, g: 0x76, b: 0x76, a: 1 };
const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };
const BUTTON_FACE: Color = { r: 0xef, g: 0xef, b: 0xef, a: 1 };
/** Chromium's :disabled colours (UA sheet) and the near-white its theme paints disabled controls on. */
const DISABLED_BORDER: Color = { r: 0x76, g: 0x76, b: 0x76, a: 0.3 };
const DISABLED_FACE: Color = { r: 0xef, g: 0xef, b: 0xef, a: 0.3 };
const DISABLED_THEME_FACE: Color = { r: 0xf8, g: 0xf8, b: 0xf8, a: 1 };

/** Blink's internal padding of a drop-down select: 4px before the text, 4px + the 8px arrow + 4px after, 1px above and below. */
const SELECT_ARROW = { width: 8, height: 4, gap: 4, end: 4, start: 4, block: 1 } as const;
const NO_SELECT_ARROW = { width: 0, height: 0, gap: 0, end: 0, start: 0, block: 0 } as const;
/** A textarea or list box is monolithic in Chromium: one that does not fit goes to the next page whole. */
const MONOLITHIC = 'avoid';

/** The textarea's room for a vertical scroll bar, which Blink keeps in its width. */
const SCROLLBAR = 15;

/**
 * The boxes of a form control, or null when the element is left to the ordinary builder
 * (input type=image).
 */
export function buildFormControl(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): Box[] | null {
  switch (element.name) {
    case 'input': return buildInput(element, style, level, ctx);
    case 'select': return [isListBox(element) ? buildListBox(element, style, level, ctx) : buildDropDown(element, style, level, ctx)];
    case 'textarea': return [buildTextarea(element, style, level, ctx)];
    case 'button': {
      const own = themed(style, element, 2, 'outset', BUTTON_FACE);
      return [button(own, element, level, (inner) => ctx.children(inner), ctx)];
    }
    case 'progress':
    case 'meter': return [buildBar(element, style, level, ctx)];
    case 'fieldset': return buildFieldset(element, style, level, ctx);
    default: return null;
  }
}

function buildInput(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): Box[] | null {
  const type = (element.attribs.type ?? '').trim().toLowerCase();
  if (type === 'checkbox' || type === 'radio') {
    // With `appearance: none` it is the author's box, holding only its ::before and ::after (Blink
    // gives check boxes and radio buttons generated content: the knob of a CSS switch); natively
    // the theme paints it, whatever padding, border and background the author gave it (as Chromium does).
    if (style.appearance === 'none') return [ctx.block(style, element, ctx.children(style), level)];
    const checked = isChecked(element);
    const disabled = element.attribs.disabled !== undefined;
    const image = type === 'checkbox' ? checkboxImage(checked, disabled) : radioImage(checked, disabled);
    const box: ReplacedBox = { kind: 'replaced', level, style: baselineAtBorderEdge(themeOnly(style)), element, pseudo: null, anonymous: false, image };
    return [box];
  }
  if (type === 'range') {
    const image = rangeImage(RANGE_WIDTH, RANGE_HEIGHT, rangeFraction(element), style.appearance !== 'none', element.attribs.disabled !== undefined);
    return [{ kind: 'replaced', level, style: baselineAtBorderEdge(style), element, pseudo: null, anonymous: false, image }];
  }
  if (type === 'color') return [colorWell(element, style, level, ctx)];
  if (type in BUTTON_LABELS) {
    const own = themed({ ...style, whiteSpace: 'pre' }, element, 2, 'outset', BUTTON_FACE);
    const label = oneLine(element.attribs.value ?? BUTTON_LABELS[type]);
    return [button(own, element, level, (inner) => ctx.text(label, inner), ctx)];
  }
  if (type === 'file') return [buildFileInput(element, style, level, ctx)];
  if (NOT_TEXT.has(type)) return null;
  return [buildTextField(element, type, style, level, ctx)];
}

/** Blink puts the baseline of check boxes, radio buttons and sliders at their bottom border edge, not below the bottom margin as for images. */
function baselineAtBorderEdge(style: ComputedStyle): ComputedStyle {
  return style.verticalAlign === 'baseline' && typeof style.marginBottom === 'number' && style.marginBottom !== 0
    ? { ...style, verticalAlign: -style.marginBottom } : style;
}

/** A range slider's content size when CSS leaves it alone (Blink's). */
const RANGE_WIDTH = 129;
const RANGE_HEIGHT = 16;

/** Where a range input's value sits between its min and max (HTML's defaults and step snapping), 0–1. */
function rangeFraction(element: Element): number {
  const number = (name: string): number | null => {
    const n = Number.parseFloat(element.attribs[name] ?? '');
    return Number.isFinite(n) ? n : null;
  };
  const min = number('min') ?? 0;
  const max = Math.max(min, number('max') ?? 100);
  if (max === min) return 0;
  const step = element.attribs.step?.trim().toLowerCase() === 'any' ? null : (number('step') ?? 1) > 0 ? (number('step') ?? 1) : 1;
  let value = Math.min(max, Math.max(min, number('value') ?? min + (max - min) / 2));
  if (step !== null) {
    value = min + Math.round((value - min) / step) * step;
    if (value > max) value -= step;
  }
  return (value - min) / (max - min);
}

/** An `#rrggbb` value as HTML's colour input reads it; black otherwise. */
function colorValue(element: Element): Color {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec((element.attribs.value ?? '').trim());
  if (!match) return { r: 0, g: 0, b: 0, a: 1 };
  return { r: Number.parseInt(match[1], 16), g: Number.parseInt(match[2], 16), b: Number.parseInt(match[3], 16), a: 1 };
}

const SWATCH_BORDER: BorderSide = { width: 1, style: 'solid', color: { r: 0x77, g: 0x77, b: 0x77, a: 1 } };

/**
 * A colour input: the box the UA and author style (50 × 27 by default), holding Blink's swatch,
 * inset 4px 2px and outlined in grey, filled with the value's colour.
 */
function colorWell(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): FlexBox {
  const swatch: ComputedStyle = {
    ...ctx.anonymousStyle(style, 'block'), flexGrow: 1, flexShrink: 1, flexBasis: 0, minWidth: 0, alignSelf: 'stretch',
    marginTop: 4, marginBottom: 4, marginLeft: 2, marginRight: 2,
    borderTop: SWATCH_BORDER, borderRight: SWATCH_BORDER, borderBottom: SWATCH_BORDER, borderLeft: SWATCH_BORDER,
    backgroundColor: colorValue(element),
  };
  return flexControl(style, element, level, [ctx.block(swatch, null, [], 'block')]);
}

const NO_BORDER = { width: 0, style: 'none' as const };

/** A natively painted control's style: no padding, border, background or shadow of the author's. */
function themeOnly(style: ComputedStyle): ComputedStyle {
  return {
    ...style, paddingTop: 0, paddingRight: 0, paddingBottom: 0, paddingLeft: 0,
    borderTop: { ...NO_BORDER, color: style.borderTop.color }, borderRight: { ...NO_BORDER, color: style.borderRight.color },
    borderBottom: { ...NO_BORDER, color: style.borderBottom.color }, borderLeft: { ...NO_BORDER, color: style.borderLeft.color },
    backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundLayers: [], boxShadow: [],
  };
}

/** The colour of a field's placeholder text: its `::placeholder` style's (the user agent's grey, or the author's). */
function placeholderColor(element: Element, style: ComputedStyle, ctx: ControlContext): Color {
  return ctx.partStyle(element, style, 'placeholder').color;
}

/** A one-line text field: its value (bullets for a password) or placeholder, clipped to the box, centred vertically. */
function buildTextField(element: Element, type: string, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): FlexBox {
  let value = oneLine(element.attribs.value ?? '');
  if (type === 'number' && value !== '' && !/^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(value)) value = '';
  if (type === 'password') value = '\u2022'.repeat([...value].length);
  const placeholder = value === '' ? oneLine(element.attribs.placeholder ?? '') : '';
  let own = themed(style, element, 2, 'inset', WHITE);
  if (isDateType(type)) {
    const field = dateField(type, element.attribs.value ?? '');
    const content = ctx.fonts ? Math.round((field.cells * ctx.fonts.measure('0', own) + field.fixed) * 64) / 64 : null;
    own = sized(own, content);
    const line = dateLine(own, field.parts, ctx);
    // Chromium hides the picker of a disabled field.
    if (element.attribs.disabled !== undefined) return withIntrinsicWidth(flexControl(own, element, level, [line]), content);
    const image = type === 'time' ? clockImage() : calendarImage();
    const iconStyle: ComputedStyle = {
      ...ctx.anonymousStyle(own, 'block'), width: image.width, height: image.height, marginLeft: 0, marginRight: PICKER_END, flexShrink: 0, alignSelf: 'center',
    };
    const icon: ReplacedBox = { kind: 'replaced', level: 'block', style: iconStyle, element: null, pseudo: null, anonymous: true, image };
    return withIntrinsicWidth(flexControl(own, element, level, [line, icon]), content);
  }
  let content: number | null = null;
  if (ctx.fonts) {
    const { avg, max } = ctx.fonts.charWidths(own);
    const size = positiveInteger(element.attribs.size) ?? 20;
    // Blink: the average character times size, plus the widest character's excess over it (when known).
    content = Math.ceil(avg * size + (max > 0 ? max - avg : 0) - 1e-6);
  }
  own = sized(own, content);
  return withIntrinsicWidth(flexControl(own, element, level, [textLine(own, value, placeholder, placeholder === '' ? null : placeholderColor(element, own, ctx), ctx)]), content);
}

/** Room between a date or time field's picker icon and its content box's end, px (Chromium's, measured). */
const PICKER_END = 3.25;

/** The anonymous block holding a field's one line: it fills the field and clips what overflows. */
function textLine(parent: ComputedStyle, value: string, placeholder: string, placeholderColor: Color | null, ctx: ControlContext): BlockBox {
  const lineStyle = fieldLineStyle(parent, ctx);
  const textStyle: ComputedStyle = placeholderColor !== null ? { ...lineStyle, color: placeholderColor, textDecorationColor: placeholderColor } : lineStyle;
  // An empty field still has a line (its height and baseline): a zero-width space holds it.
  const text = value !== '' ? value : placeholder !== '' ? placeholder : '\u200b';
  return ctx.block(lineStyle, null, ctx.text(text, textStyle), 'block');
}

/** The style of a field's line: one line of kept white space filling the field, clipped. */
function fieldLineStyle(parent: ComputedStyle, ctx: ControlContext): ComputedStyle {
  return {
    ...ctx.anonymousStyle(parent, 'block'), whiteSpace: 'pre', overflow: 'hidden', flexGrow: 1, flexShrink: 1, flexBasis: 0, minWidth: 0,
    textDecorationLine: { underline: false, overline: false, lineThrough: false },
  };
}

/** A date or time field's line: its editable parts padded 1px on each side, as Chromium lays them out. */
function dateLine(parent: ComputedStyle, parts: DateField['parts'], ctx: ControlContext): BlockBox {
  const lineStyle = fieldLineStyle(parent, ctx);
  const partStyle: ComputedStyle = { ...ctx.anonymousStyle(lineStyle, 'inline'), paddingLeft: 1, paddingRight: 1 };
  const children = parts.flatMap((part): Box[] => part.editable
    ? [{ kind: 'inline', style: partStyle, element: null, pseudo: null, anonymous: true, children: ctx.text(part.text, partStyle) }]
    : ctx.text(part.text, lineStyle));
  return ctx.block(lineStyle, null, children, 'block');
}

/** A control laid out as a flex container whose items are centred on the cross axis. */
function flexControl(style: ComputedStyle, element: Element, level: 'block' | 'inline', children: Box[]): FlexBox {
  const display: Display = level === 'inline' ? 'inline-flex' : 'flex';
  const own: ComputedStyle = { ...style, display, flexDirection: 'row', flexWrap: 'nowrap', alignItems: 'center', justifyContent: 'flex-start' };
  return { kind: 'flex', level, style: own, element, pseudo: null, anonymous: false, children };
}

/** Styles of buttons fit-content in block flow only: as grid and flex items they stretch like any box of auto width. */
const fitContentInFlowOnly = new WeakSet<ComputedStyle>();

/** Whether `style` is a button's, whose fit-content width gives way to an item's stretch (as in Blink). */
export function isButtonFitContent(style: ComputedStyle): boolean {
  return fitContentInFlowOnly.has(style);
}

/**
 * A button: a flex container whose one anonymous item holds the content, centred vertically and
 * filling the width (Blink's LayoutButton). It is as wide as its content even when block-level:
 * then it sits alone in an anonymous block whose zero line height adds nothing around it.
 */
function button(style: ComputedStyle, element: Element, level: 'block' | 'inline', content: (inner: ComputedStyle) => Box[], ctx: ControlContext): Box {
  // A block-level button is as wide as its content (Blink sizes buttons fit-content), and is
  // itself the box auto margins, flex sizing and alignment apply to.
  const shrinkInFlow = level === 'block' && style.width === 'auto' && style.widthKeyword === null
    && style.float === 'none' && style.position !== 'absolute' && style.position !== 'fixed';
  const own: ComputedStyle = shrinkInFlow ? { ...style, widthKeyword: 'fit-content' } : style;
  // Blink's anonymous inner box takes the button's display: a flex or grid button lays its
  // content out as its own items, with its direction, wrapping and alignment (LayoutButton).
  const kind = own.display === 'flex' || own.display === 'inline-flex' ? 'flex' : own.display === 'grid' || own.display === 'inline-grid' ? 'grid' : null;
  const anonymous = ctx.anonymousStyle(own, kind ?? 'block');
  const inner: ComputedStyle = kind === null ? { ...anonymous, flexGrow: 1, flexShrink: 1, minWidth: 0 } : {
    ...anonymous, flexGrow: 1, flexShrink: 1, minWidth: 0, flexDirection: own.flexDirection, flexWrap: own.flexWrap,
    justifyContent: own.justifyContent, alignItems: own.alignItems, alignContent: own.alignContent, rowGap: own.rowGap, columnGap: own.columnGap,
    gridTemplateColumns: own.gridTemplateColumns, gridTemplateRows: own.gridTemplateRows, gridAutoFlow: own.gridAutoFlow,
  };
  const innerBox = kind === null ? ctx.block(inner, null, content(inner), 'block') : ctx.container(inner, content(inner), kind);
  const box = flexControl(own, element, level, [innerBox]);
  if (shrinkInFlow) fitContentInFlowOnly.add(box.style);
  return box;
}

/** The UA style of a file input's button (Chromium's ::-webkit-file-upload-button). */
/** The file input's button: its `::file-selector-button` style (the UA's, or the author's), as a flex item that keeps its size. */
function fileButtonStyle(element: Element, parent: ComputedStyle, ctx: ControlContext): ComputedStyle {
  return { ...ctx.partStyle(element, parent, 'file-selector-button'), display: 'block', flexShrink: 0 };
}

/**
 * A file input: a "Choose File" button and "No file chosen" (nothing is ever chosen in print),
 * at least 34 '0's wide, as Blink sizes it.
 */
function buildFileInput(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): FlexBox {
  const label = 'Choose File';
  const status = element.attribs.multiple !== undefined ? 'No files chosen' : 'No file chosen';
  const buttonStyle = themed(fileButtonStyle(element, style, ctx), element, 2, 'outset', BUTTON_FACE);
  let own = style;
  let content: number | null = null;
  if (ctx.fonts) {
    const fonts = ctx.fonts;
    const edges = (side: 'Left' | 'Right'): number => px(buttonStyle[`padding${side}`]) + buttonStyle[`border${side}`].width + (typeof buttonStyle[`margin${side}`] === 'number' ? buttonStyle[`margin${side}`] as number : 0);
    const buttonWidth = fonts.measure(label, buttonStyle) + edges('Left') + edges('Right');
    content = Math.max(Math.ceil(34 * fonts.measure('0', style) - 1e-6), Math.ceil(buttonWidth + fonts.measure(status, style) - 1e-6));
    own = sized(own, content);
  }
  const button = labelBlock(buttonStyle, label, ctx);
  const text = textLine(own, status, '', null, ctx);
  // The button and "No file chosen" share a baseline (a larger button font lowers the status text).
  const control = flexControl(own, element, level, [button, text]);
  return withIntrinsicWidth({ ...control, style: { ...control.style, alignItems: 'baseline' } }, content);
}

function labelBlock(style: ComputedStyle, label: string, ctx: ControlContext): BlockBox {
  return ctx.block(style, null, ctx.text(label, style), 'block');
}

// ---- select ----

function isListBox(select: Element): boolean {
  return select.attribs.multiple !== undefined || (positiveInteger(select.attribs.size) ?? 1) > 1;
}

function optionsOf(select: Element): Element[] {
  const out: Element[] = [];
  const walk = (parent: Element): void => {
    for (const child of parent.children) {
      if (child.type !== 'tag') continue;
      const el = child as Element;
      if (el.name === 'option') out.push(el);
      else if (el.name === 'optgroup') walk(el);
    }
  };
  walk(select);
  return out;
}

/** An option's label: its label attribute, else its text with white space collapsed. */
function optionLabel(option: Element): string {
  const label = option.attribs.label;
  if (label !== undefined && label !== '') return label;
  return textContent(option).replace(/[ \t\n\r\f]+/g, ' ').trim();
}

function textContent(node: Element): string {
  let out = '';
  for (const child of node.children) {
    if (child.type === 'text') out += child.data;
    else if (child.type === 'tag') out += textContent(child as Element);
  }
  return out;
}

/** The option a drop-down shows: the last with `selected`, else the first that is not disabled. */
function shownOption(options: readonly Element[]): Element | null {
  for (let i = options.length - 1; i >= 0; i--) if (options[i].attribs.selected !== undefined) return options[i];
  return options.find((o) => o.attribs.disabled === undefined) ?? options[0] ?? null;
}

/** The widest option label, px, rounded up to whole pixels as a drop-down rounds it. */
function widestLabel(options: readonly Element[], style: ComputedStyle, fonts: ControlFonts): number {
  let widest = 0;
  for (const option of options) widest = Math.max(widest, fonts.measure(optionLabel(option), style));
  return Math.ceil(widest - 1e-6);
}

/** A drop-down select: the shown option's label and the arrow, as wide as the widest option. */
function buildDropDown(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): FlexBox {
  const options = optionsOf(element);
  const shown = shownOption(options);
  let own = themed(style, element, 1, 'solid', BUTTON_FACE, WHITE);
  // With `appearance: none` the select has no arrow and no inner padding for it: the author's box only.
  const native = style.appearance !== 'none';
  const a = native ? SELECT_ARROW : NO_SELECT_ARROW;
  own = {
    ...own,
    paddingLeft: plus(own.paddingLeft, a.start), paddingRight: plus(own.paddingRight, a.end),
    paddingTop: plus(own.paddingTop, a.block), paddingBottom: plus(own.paddingBottom, a.block),
  };
  const content = ctx.fonts ? widestLabel(options, own, ctx.fonts) + a.gap + a.width : null;
  own = sized(own, content);
  // Blink gives the shown option's line the font's height, without the line gap.
  const lineHeight = own.lineHeight === 'normal' && ctx.fonts ? { px: ctx.fonts.textHeight(own) } : own.lineHeight;
  const line = textLine({ ...own, lineHeight }, shown ? optionLabel(shown) : '', '', null, ctx);
  const arrowStyle: ComputedStyle = {
    ...ctx.anonymousStyle(own, 'block'), width: a.width, height: a.height, marginLeft: a.gap, flexShrink: 0, alignSelf: 'center',
  };
  const arrow: ReplacedBox = { kind: 'replaced', level: 'block', style: arrowStyle, element: null, pseudo: null, anonymous: true, image: selectArrowImage(own.color) };
  return withIntrinsicWidth(flexControl(own, element, level, native ? [line, arrow] : [line]), content);
}

/**
 * A list box (`multiple`, or `size` > 1): its first `size` rows (4 by default), each option in its
 * own style (font, colour, padding; the UA's 0 2px 1px, 20px before an option in a group), at the
 * normal line height and at least 1.2em high, as Chromium lays them out. The box is `size` times as
 * tall as its first row and sits on the text's bottom (`vertical-align: text-bottom`, Blink's UA).
 */
function buildListBox(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): BlockBox {
  const size = (positiveInteger(element.attribs.size) ?? 0) > 1 ? positiveInteger(element.attribs.size)! : 4;
  let own: ComputedStyle = { ...themed(style, element, 1, 'solid', WHITE), overflow: 'hidden' };
  if (own.verticalAlign === 'baseline') own = { ...own, verticalAlign: 'text-bottom' };
  const rows = listRows(element, own, ctx);
  const content = ctx.fonts ? widestRow(rows, ctx.fonts) : null;
  own = sized(own, content);
  if (ctx.fonts && own.height === 'auto') {
    const first = rows.length > 0 ? rowHeight(rows[0].style, ctx.fonts) : rowHeight(optionRowStyle(ctx.anonymousStyle(own, 'block')), ctx.fonts);
    own = { ...own, height: size * first + borderBoxExtra(own, 'vertical') };
  }
  const children = rows.slice(0, size).map((row) => {
    const rowStyle = ctx.fonts ? { ...row.style, minHeight: rowContentHeight(row.style, ctx.fonts) } : row.style;
    return ctx.block(rowStyle, null, ctx.text(row.label || '\u200b', rowStyle), 'block');
  });
  return withIntrinsicWidth(ctx.block(own, element, children, level), content);
}

/** A row of a list box: an option, or an option group's label. */
interface ListRow {
  readonly label: string;
  readonly style: ComputedStyle;
}

/**
 * An option's row: one line of kept white space at the normal line height (Blink forces
 * `line-height: initial`), its minimum height for the content box whatever `box-sizing` it
 * inherits (Chromium's rows are as tall under an author's `* { box-sizing: inherit }`).
 */
function optionRowStyle(style: ComputedStyle): ComputedStyle {
  return { ...style, display: 'block', whiteSpace: 'pre', lineHeight: 'normal', height: 'auto', minHeight: 0, marginTop: 0, marginBottom: 0, boxSizing: 'content-box' };
}

/** A row's content height: the normal line's, at least 1.2em (Blink's `min-block-size: 1.2em` for options). */
function rowContentHeight(style: ComputedStyle, fonts: ControlFonts): number {
  return Math.max(fonts.lineHeight(style), Math.round(1.2 * style.fontSize * 64) / 64);
}

/** A row's height with its padding and border. */
function rowHeight(style: ComputedStyle, fonts: ControlFonts): number {
  return rowContentHeight(style, fonts) + px(style.paddingTop) + px(style.paddingBottom) + style.borderTop.width + style.borderBottom.width;
}

/**
 * The rows of a list box, as Chromium lists them: each option group's label (in the group's
 * style, bold by the UA sheet, padded 0 2px 1px whatever the author says, as its label is Blink's
 * own part) above its options.
 */
function listRows(select: Element, selectStyle: ComputedStyle, ctx: ControlContext): ListRow[] {
  const rows: ListRow[] = [];
  const option = (element: Element, parent: ComputedStyle): ListRow => {
    const style = optionRowStyle(ctx.elementStyle(element, parent));
    return { label: optionLabel(element), style: element.attribs.selected !== undefined ? { ...style, backgroundColor: SELECTED_OPTION } : style };
  };
  for (const child of select.children) {
    if (child.type !== 'tag') continue;
    const element = child as Element;
    if (element.name === 'option') rows.push(option(element, selectStyle));
    if (element.name !== 'optgroup') continue;
    const group = ctx.elementStyle(element, selectStyle);
    const labelStyle: ComputedStyle = { ...optionRowStyle(group), paddingTop: 0, paddingRight: 2, paddingBottom: 1, paddingLeft: 2, backgroundColor: TRANSPARENT, backgroundLayers: [] };
    rows.push({ label: element.attribs.label ?? '', style: labelStyle });
    for (const grandchild of element.children) if (grandchild.type === 'tag' && (grandchild as Element).name === 'option') rows.push(option(grandchild as Element, group));
  }
  return rows;
}

const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };

/** The widest row's border box, px (not rounded, as a list box is not). */
function widestRow(rows: readonly ListRow[], fonts: ControlFonts): number {
  let widest = 0;
  for (const { label, style } of rows) widest = Math.max(widest, fonts.measure(label, style) + px(style.paddingLeft) + px(style.paddingRight) + style.borderLeft.width + style.borderRight.width);
  return widest;
}

/** The grey Chromium prints behind the selected options of a list box. */
const SELECTED_OPTION: Color = { r: 0xce, g: 0xce, b: 0xce, a: 1 };

// ---- textarea ----

function buildTextarea(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): BlockBox {
  let own: ComputedStyle = { ...themed(style, element, 1, 'solid', WHITE), overflow: 'hidden', breakInside: MONOLITHIC };
  const cols = positiveInteger(element.attribs.cols) ?? 20;
  const content = ctx.fonts ? Math.ceil(ctx.fonts.charWidths(own).avg * cols - 1e-6) + SCROLLBAR : null;
  own = sized(own, content);
  if (ctx.fonts) {
    const fonts = ctx.fonts;
    if (own.height === 'auto') {
      const rows = positiveInteger(element.attribs.rows) ?? 2;
      own = { ...own, height: rows * fonts.lineHeight(own) + borderBoxExtra(own, 'vertical') };
    }
  }
  // The parser already dropped a newline right after <textarea>; its text is data, never markup.
  const value = textContent(element);
  const placeholder = value === '' ? element.attribs.placeholder ?? '' : '';
  const shownColor = placeholder !== '' ? placeholderColor(element, own, ctx) : null;
  const children = shownColor !== null
    ? ctx.text(placeholder, { ...own, color: shownColor, textDecorationColor: shownColor })
    : ctx.text(value, own);
  // Chromium prints the resize grip in the bottom-right corner of the padding box (unless `resize: none`).
  if (own.resize !== 'none' && (own.position === 'static' || own.position === 'relative')) {
    own = { ...own, position: 'relative' };
    const gripStyle: ComputedStyle = {
      ...ctx.anonymousStyle(own, 'block'), position: 'absolute', top: 'auto', left: 'auto', right: 0, bottom: 0,
      width: 10, height: 10, marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0,
    };
    children.push({ kind: 'replaced', level: 'block', style: gripStyle, element: null, pseudo: null, anonymous: true, image: resizeGripImage() });
  }
  return withIntrinsicWidth(ctx.block(own, element, children, level), content);
}

// ---- progress and meter ----

function buildBar(element: Element, style: ComputedStyle, level: 'block' | 'inline', ctx: ControlContext): ReplacedBox {
  const width = typeof style.width === 'number' ? style.width : 160;
  const height = typeof style.height === 'number' ? style.height : 16;
  const number = (name: string, fallback: number): number => {
    const n = Number.parseFloat(element.attribs[name] ?? '');
    return Number.isFinite(n) ? n : fallback;
  };
  let fraction: number;
  if (element.name === 'progress') {
    const max = number('max', 1) > 0 ? number('max', 1) : 1;
    fraction = element.attribs.value === undefined ? 0 : number('value', 0) / max;
  } else {
    const min = number('min', 0);
    const max = Math.max(min, number('max', 1));
    fraction = max > min ? (Math.min(max, Math.max(min, number('value', 0))) - min) / (max - min) : 0;
  }
  const image = element.name === 'progress' && restyledProgress(style)
    ? styledBarImage(...contentSize(style, width, height), element.attribs.value === undefined ? null : fraction, barPart(ctx.partStyle(element, style, '-webkit-progress-bar'), height), barPart(ctx.partStyle(element, style, '-webkit-progress-value'), height))
    : barImage(element.name === 'progress' ? 'progress' : 'meter', width, height, fraction);
  return { kind: 'replaced', level, style, element, pseudo: null, anonymous: false, image };
}

/**
 * Whether Chromium paints a progress bar from its parts' styles rather than its theme: with
 * `appearance: none`, or a background or border of the author's (the UA gives it neither).
 */
function restyledProgress(style: ComputedStyle): boolean {
  if (style.appearance === 'none' || style.backgroundColor.a > 0 || style.backgroundLayers.length > 0) return true;
  return [style.borderTop, style.borderRight, style.borderBottom, style.borderLeft].some((side) => side.style !== 'none' && side.width > 0);
}

/** The content box of a border-box `width` × `height` (percentage padding counts as none). */
function contentSize(style: ComputedStyle, width: number, height: number): [number, number] {
  const px = (v: LengthPercentage): number => (typeof v === 'number' ? v : 0);
  const inX = style.borderLeft.width + style.borderRight.width + px(style.paddingLeft) + px(style.paddingRight);
  const inY = style.borderTop.width + style.borderBottom.width + px(style.paddingTop) + px(style.paddingBottom);
  return style.boxSizing === 'border-box' ? [Math.max(0, width - inX), Math.max(0, height - inY)] : [width, height];
}

/** A part's colour and corner radius (its top-left one, in px of a bar `height` tall). */
function barPart(style: ComputedStyle, height: number): BarPart {
  const [radius] = style.borderTopLeftRadius;
  return { color: style.backgroundColor, radius: typeof radius === 'number' ? radius : (radius.percent / 100) * height + (radius.px ?? 0) };
}

// ---- the theme's look ----

const sameColor = (a: Color, b: Color): boolean => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

/**
 * Chromium paints a control the author did not restyle (its UA border and background) with its
 * theme: a 1px grey rounded border, whatever the CSS border is, on white (a select's UA background
 * is #efefef, painted only once the author restyles it). The box keeps its size: a UA
 * border wider than 1px gives the rest to the padding.
 */
function themed(
  style: ComputedStyle, element: Element, uaWidth: number, uaStyle: BorderSide['style'], uaBackground: Color, themeBackground = uaBackground,
): ComputedStyle {
  // Disabled controls (the UA's :disabled rules) are painted fainter: a light border on near-white.
  const disabled = element.attribs.disabled !== undefined;
  const border = disabled ? DISABLED_BORDER : THEME_BORDER;
  const background = disabled && element.name !== 'select' ? DISABLED_FACE : uaBackground;
  const sides = [style.borderTop, style.borderRight, style.borderBottom, style.borderLeft];
  const ua = sides.every((s) => s.width === uaWidth && s.style === uaStyle && sameColor(s.color, border));
  const plain = sameColor(style.backgroundColor, background) && style.backgroundLayers.length === 0;
  if (!ua || !plain) return style;
  const extra = uaWidth - 1;
  const side: BorderSide = { width: 1, style: 'solid', color: border };
  const radius = [2, 2] as const;
  return {
    ...style,
    backgroundColor: disabled ? DISABLED_THEME_FACE : themeBackground,
    borderTop: side, borderRight: side, borderBottom: side, borderLeft: side,
    borderTopLeftRadius: radius, borderTopRightRadius: radius, borderBottomRightRadius: radius, borderBottomLeftRadius: radius,
    paddingTop: plus(style.paddingTop, extra), paddingRight: plus(style.paddingRight, extra),
    paddingBottom: plus(style.paddingBottom, extra), paddingLeft: plus(style.paddingLeft, extra),
  };
}

// ---- helpers ----

/** The style with `width: auto` made the control's own content width (`content`, px; null when unknown). */
function sized(style: ComputedStyle, content: number | null): ComputedStyle {
  return style.width === 'auto' && content !== null ? { ...style, width: content + borderBoxExtra(style) } : style;
}

/**
 * The box with its attribute-based content width, which intrinsic sizing uses instead of its
 * content's (a percentage-wide field in a table cell asks for that width, and can shrink to 0).
 */
function withIntrinsicWidth<T extends Box>(box: T, content: number | null): T {
  return content === null ? box : { ...box, intrinsicWidth: content };
}

function plus(length: LengthPercentage, px: number): LengthPercentage {
  if (px === 0) return length;
  return typeof length === 'number' ? length + px : { ...length, px: (length.px ?? 0) + px };
}

const px = (length: LengthPercentage): number => (typeof length === 'number' ? length : length.px ?? 0);

/** What a width (or height) adds to the content size under `box-sizing: border-box`. */
function borderBoxExtra(style: ComputedStyle, axis: 'horizontal' | 'vertical' = 'horizontal'): number {
  if (style.boxSizing !== 'border-box') return 0;
  return axis === 'horizontal'
    ? px(style.paddingLeft) + px(style.paddingRight) + style.borderLeft.width + style.borderRight.width
    : px(style.paddingTop) + px(style.paddingBottom) + style.borderTop.width + style.borderBottom.width;
}

/** A valid non-negative integer attribute greater than zero (HTML's rules for size, cols, rows). */
function positiveInteger(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^\s*\+?(\d+)/.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 && Number.isSafeInteger(n) ? Math.min(n, 10000) : null;
}

/** A value as a one-line field holds it: line breaks removed (HTML's value sanitization). */
function oneLine(value: string): string {
  return value.replace(/[\r\n]/g, '');
}

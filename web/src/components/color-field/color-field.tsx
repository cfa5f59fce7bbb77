import type { ColorPickerProps } from 'antd';
import { ColorPicker } from 'antd';

/**
 * antd's ColorPicker inside a required Form.Item: the form hands every control `aria-required`, which the
 * picker puts on its trigger, a plain div where ARIA does not allow it (axe: aria-allowed-attr, critical).
 * The field's requirement is still announced by its label and enforced by its rule.
 */
export function ColorField(props: ColorPickerProps & { 'aria-required'?: boolean | 'true' | 'false' }) {
  const { 'aria-required': _required, ...picker } = props;
  return <ColorPicker {...picker} />;
}

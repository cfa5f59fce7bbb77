import { Flex, Spin } from 'antd';

export function FullPageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '50vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { SingleSelector } from './single-selector';

afterEach(cleanup);

const active = () =>
  [...document.querySelectorAll('.adm-selector-item-active')].map((e) => e.textContent);

describe('SingleSelector', () => {
  it('keeps the chosen option when it is tapped again, and moves to another when that is tapped', () => {
    render(
      <Form initialValues={{ level: [2] }}>
        <Form.Item name="level" label="等级">
          <SingleSelector
            options={[
              { label: '二级', value: 2 },
              { label: '三级', value: 3 },
            ]}
          />
        </Form.Item>
      </Form>,
    );
    expect(active()).toEqual(['二级']);
    fireEvent.click(screen.getByText('二级'));
    expect(active()).toEqual(['二级']);
    fireEvent.click(screen.getByText('三级'));
    expect(active()).toEqual(['三级']);
    fireEvent.click(screen.getByText('三级'));
    expect(active()).toEqual(['三级']);
  });
});

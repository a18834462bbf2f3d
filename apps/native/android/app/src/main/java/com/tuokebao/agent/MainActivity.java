package com.tuokebao.agent;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}

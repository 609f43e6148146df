export default {
  id: 'receipt',
  name: 'Receipt',
  mjml: `<mjml>
  <mj-body>
    <mj-container background-color="#fce7b4" font-size="13px">
      <mj-section hidden="false" locked="true" full-width="full-width" padding-bottom="20" padding-top="20">
        <mj-column vertical-align="middle" width="66.66666666666666%">
          <mj-text align="left" color="#000000" font-size="11" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" locked="true" editable="true" vertical-align="middle" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <span style="font-size: 11px">[[HEADLINE]]</span>
          </mj-text>
        </mj-column>
        <mj-column vertical-align="middle" width="33.33333333333333%">
          <mj-text align="right" color="#000000" font-size="11" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" locked="true" editable="false" vertical-align="middle" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <span style="font-size: 11px"><a href="https://mjml.io" target="_blank" style="text-decoration: none; color: inherit">[[PERMALINK_LABEL]]</a></span>
          </mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="#ffffff" hidden="false" name="Nouvelle section" padding-bottom="20" padding-top="20">
        <mj-column vertical-align="top" width="100%">
          <mj-image src="http://z2mx.mjt.lu/img/z2mx/b/lhu/rwt.png" alt="" align="center" border="none" width="150" vertical-align="middle" padding-left="0" padding-right="0" padding-bottom="10" padding-top="10">

          </mj-image>
        </mj-column>
      </mj-section>
      <mj-section background-color="#ffffff" hidden="false" name="Nouvelle section" padding-bottom="0" padding-top="0">
        <mj-column vertical-align="top" width="100%">
          <mj-image src="http://z2mx.mjt.lu/img/z2mx/b/lhu/rw6.png" alt="" align="center" border="none" vertical-align="top" width="600" padding-left="0" padding-right="0" padding-bottom="0" padding-top="0">

          </mj-image>
        </mj-column>
      </mj-section>
      <mj-section background-color="#356cc7" hidden="false" vertical-align="middle" name="Section-A" padding-bottom="0" padding-top="0">
        <mj-column vertical-align="middle" width="100%">
          <mj-text align="center" color="#000000" font-size="13" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="middle" padding-left="25" padding-right="25" padding-bottom="10" padding-top="10">
            <p><span style="color: rgb(255, 255, 255);"></span></p><p style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="font-size: 25px;"><span style="font-family: &apos;Open Sans&apos;, Helvetica, Arial, sans-serif;"><span style="color: rgb(119, 170, 255);"><span style="font-size: 15px;">HELLO</span></span></span></span></span></p><p style="margin-top: 0pt; margin-bottom: 0pt;"><font color="#77aaff" face="Open Sans, Helvetica, Arial, sans-serif"><span style="font-size: 15px; line-height: 20.7px; white-space: pre-wrap;"><span style="font-size: 20px;"><span style="color: rgb(255, 253, 253);">[[FirstName]]</span></span></span></font></p><p></p>
          </mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="#356cc7" hidden="false" vertical-align="middle" name="Section-A" padding-bottom="5" padding-top="0">
        <mj-column vertical-align="middle" width="100%">
          <mj-divider border-color="#ffffff" border-width="2px" border-style="solid" vertical-align="middle" padding-left="0" padding-right="0" padding-bottom="0" padding-top="0">

          </mj-divider>
          <mj-text align="center" color="#000000" font-size="13" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="middle" padding-left="25" padding-right="25" padding-bottom="10" padding-top="10">
            <p><span style="color: rgb(255, 255, 255);"></span></p><p style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><strong style="font-family: Roboto, Helvetica, Arial, sans-serif; font-size: 14.6667px; white-space: pre-wrap; line-height: 1.38; background-color: transparent;"><span style="font-size: 25px;"><span style="color: rgb(255, 255, 255);">Thank you very much for your purchase.</span></span></strong></p><p style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="font-family: Roboto, Helvetica, Arial, sans-serif;"><span style="color: rgb(255, 255, 255);">Please find the receipt below.</span></span></span></p><p></p>
          </mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="#568feb" hidden="false" name="Nouvelle section" padding-bottom="5" padding-top="5">
        <mj-column vertical-align="top" width="33.33333333333333%">
          <mj-text align="center" color="#000000" font-size="13px" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="top" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="font-family: Roboto, Helvetica, Arial, sans-serif;"><span style="color: rgb(255, 255, 255);"><strong>Order Number</strong></span></span></span></p>
          </mj-text>
          <mj-text align="center" color="#000000" font-size="13px" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="top" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="color: rgb(247, 247, 247);">[[OrderNumber]]</span></span></p>
          </mj-text>
        </mj-column>
        <mj-column vertical-align="top" width="33.33333333333333%">
          <mj-text align="center" color="#000000" font-size="13px" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="top" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="font-family: Roboto, Helvetica, Arial, sans-serif;"><span style="color: rgb(255, 255, 255);"><strong>Order Date</strong></span></span></span></p>
          </mj-text>
          <mj-text align="center" color="#000000" font-size="13px" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="top" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="color: rgb(247, 247, 247);">[[OrderDate]]</span></span></p>
          </mj-text>
        </mj-column>
        <mj-column vertical-align="top" width="33.33333333333333%">
          <mj-text align="center" color="#000000" font-size="13px" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="top" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p><font color="#ffffff" face="Roboto, Helvetica, Arial, sans-serif"><span style="font-size: 14.6667px; white-space: pre-wrap;"><b>Total Price</b></span></font></p>
          </mj-text>
          <mj-text align="center" color="#000000" font-size="13px" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="top" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="color: rgb(247, 247, 247);">[[TotalPrice]]</span></span></p>
          </mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="#356CC7" hidden="false" name="Nouvelle section" padding-bottom="20" padding-top="20">
        <mj-column vertical-align="top" width="50%">
          <mj-button background-color="#ffae00" color="#FFFFFF" font-size="13px" align="center" vertical-align="top" border="none" padding="15px 30px" border-radius="10px" href="https://mjml.io" font-family="Ubuntu, Helvetica, Arial, sans-serif" container-background-color="transparent" padding-left="25" padding-right="25" padding-bottom="10" padding-top="10">
            <span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><strong><span style="color: rgb(255, 255, 255);">Download Receipt</span></strong></span>
          </mj-button>
        </mj-column>
        <mj-column vertical-align="top" width="50%">
          <mj-button background-color="#ffae00" color="#FFFFFF" font-size="13px" align="center" vertical-align="top" border="none" padding="15px 30px" border-radius="10px" href="https://mjml.io" font-family="Ubuntu, Helvetica, Arial, sans-serif" container-background-color="transparent" padding-left="25" padding-right="25" padding-bottom="10" padding-top="10">
            <span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><strong><span style="color: rgb(255, 255, 255);"></span></strong><span style="color: rgb(255, 255, 255);"><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="font-family: Roboto, Helvetica, Arial, sans-serif;"><strong><span style="color: rgb(255, 255, 255);"> Track my Order</span></strong></span></span></span></span>
          </mj-button>
        </mj-column>
      </mj-section>
      <mj-section background-color="#356CC7" hidden="false" name="Nouvelle section" padding-bottom="0" padding-top="0">
        <mj-column vertical-align="top" width="100%">
          <mj-text align="center" color="#000000" font-size="13px" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" vertical-align="top" padding-left="25" padding-right="25" padding-bottom="10" padding-top="10">
            <p></p><p style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="font-family: Roboto, Helvetica, Arial, sans-serif;"><span style="color: rgb(255, 255, 255);">Best,</span></span></span></p><span style="font-size:14.666666666666666px;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;"><span style="font-family: Roboto, Helvetica, Arial, sans-serif;"><span style="color: rgb(255, 255, 255);">The [[CompanyName]] Team</span></span></span><p></p>
          </mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="transparent" hidden="false" name="Nouvelle section" padding-bottom="0" padding-top="0">
        <mj-column vertical-align="top" width="100%">
          <mj-image src="http://z2mx.mjt.lu/img/z2mx/b/lhu/r07.png" alt="" align="center" border="none" width="600" container-background-color="transparent" padding-left="0" padding-right="0" padding-bottom="0" padding-top="0">

          </mj-image>
        </mj-column>
      </mj-section>
      <mj-section hidden="false" locked="true" full-width="full-width" padding-bottom="20" padding-top="20">
        <mj-column vertical-align="middle" width="100%">
          <mj-text align="center" color="#000000" font-size="11" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" locked="true" editable="false" vertical-align="middle" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p style="font-size: 11px">[[DELIVERY_INFO]]</p>
          </mj-text>
          <mj-text align="center" color="#000000" font-size="11" word-wrap="break-word" font-family="Ubuntu, Helvetica, Arial, sans-serif" locked="true" editable="true" vertical-align="middle" padding-left="25" padding-right="25" padding-bottom="0" padding-top="0">
            <p style="font-size: 11px"><span>   EN</span></p>
          </mj-text>
        </mj-column>
      </mj-section>
    </mj-container>
  </mj-body>
</mjml>
`,
}

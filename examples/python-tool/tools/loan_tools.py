"""Loan arithmetic for the python-tool example, in upstream MassGen's tool style."""

from massgen.tool._result import ExecutionResult, TextContent


def _payment(principal: float, annual_rate_percent: float, years: int) -> float:
    months = years * 12
    rate = annual_rate_percent / 100 / 12
    if rate == 0:
        return principal / months
    return principal * rate / (1 - (1 + rate) ** -months)


def monthly_payment(principal: float, annual_rate_percent: float, years: int) -> ExecutionResult:
    """The monthly payment of a fixed-rate loan repaid in equal instalments.

    Args:
        principal: The amount borrowed
        annual_rate_percent: The yearly interest rate, in percent (5 for 5%)
        years: How many years the loan runs
    """
    payment = _payment(principal, annual_rate_percent, years)
    return ExecutionResult(output_blocks=[TextContent(data=f"Monthly payment: {payment:.2f}")])


async def total_interest(principal: float, annual_rate_percent: float, years: int) -> ExecutionResult:
    """The interest paid over the whole life of a fixed-rate loan.

    Args:
        principal: The amount borrowed
        annual_rate_percent: The yearly interest rate, in percent (5 for 5%)
        years: How many years the loan runs
    """
    interest = _payment(principal, annual_rate_percent, years) * years * 12 - principal
    return ExecutionResult(output_blocks=[TextContent(data=f"Total interest: {interest:.2f}")])
